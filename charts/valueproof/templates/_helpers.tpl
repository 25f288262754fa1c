{{/* Names, labels, images and the security settings every pod shares. */}}

{{- define "valueproof.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "valueproof.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* "<fullname>-<suffix>", within the 63 characters of a Kubernetes name. Call with (list $ "suffix"). */}}
{{- define "valueproof.componentName" -}}
{{- $root := index . 0 }}
{{- printf "%s-%s" (include "valueproof.fullname" $root | trunc 45 | trimSuffix "-") (index . 1) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "valueproof.selectorLabels" -}}
app.kubernetes.io/name: {{ include "valueproof.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "valueproof.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "valueproof.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: valueproof
{{- end }}

{{/* Labels of one component. Call with (list $ "gateway"). */}}
{{- define "valueproof.componentLabels" -}}
{{ include "valueproof.labels" (index . 0) }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{- define "valueproof.componentSelector" -}}
{{ include "valueproof.selectorLabels" (index . 0) }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{/* The deployables, their container ports and which of them are services (own a database). */}}
{{- define "valueproof.ports" -}}
gateway: 3000
identity: 4001
calculator: 4002
proposal: 4003
billing: 4004
analytics: 4005
notification: 4006
{{- end }}

{{- define "valueproof.services" -}}
{{- list "identity" "calculator" "proposal" "billing" "analytics" "notification" | toJson }}
{{- end }}

{{- define "valueproof.deployables" -}}
{{- list "gateway" "identity" "calculator" "proposal" "billing" "analytics" "notification" | toJson }}
{{- end }}

{{/* The image of a deployable. Call with (list $ "gateway"). */}}
{{- define "valueproof.image" -}}
{{- $root := index . 0 }}
{{- $image := $root.Values.image }}
{{- printf "%s/%s-%s:%s" $image.registry $image.repository (index . 1) (default $root.Chart.AppVersion $image.tag) }}
{{- end }}

{{- define "valueproof.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "valueproof.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "valueproof.secretName" -}}
{{- default (include "valueproof.fullname" .) .Values.secrets.existingSecret }}
{{- end }}

{{/*
The pod-level security context. The app images run as the node image's `node` user (1000); the
in-chart PostgreSQL passes its own image's `postgres` user (999). Call with (dict "uid" 1000).
*/}}
{{- define "valueproof.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .uid }}
fsGroup: {{ .uid }}
fsGroupChangePolicy: OnRootMismatch
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/* Every container: not root, no privilege escalation, read-only root file system, no capabilities. */}}
{{- define "valueproof.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .uid }}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/*
The service account, scheduling and pull settings shared by every pod spec. Call with $, or with
(list $ "other-account") for a pod that must not use the release's ServiceAccount.
*/}}
{{- define "valueproof.podCommon" -}}
{{- $args := ternary . (list . "") (kindIs "slice" .) }}
{{- $root := index $args 0 -}}
serviceAccountName: {{ default (include "valueproof.serviceAccountName" $root) (index $args 1) }}
automountServiceAccountToken: false
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end }}
{{- with $root.Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* The port of a URL: explicit, or the scheme's default. */}}
{{- define "valueproof.urlPort" -}}
{{- $url := urlParse . }}
{{- $explicit := regexFind ":[0-9]+$" $url.host | trimPrefix ":" }}
{{- if $explicit }}{{ $explicit }}{{ else if eq $url.scheme "https" }}443{{ else }}80{{ end }}
{{- end }}

{{/* PUBLIC_ORIGIN: the configured one, or the TLS ingress's host. */}}
{{- define "valueproof.publicOrigin" -}}
{{- if .Values.config.publicOrigin }}
{{- .Values.config.publicOrigin }}
{{- else if and .Values.ingress.enabled .Values.ingress.tls.enabled }}
{{- printf "https://%s" .Values.ingress.host }}
{{- end }}
{{- end }}

{{/* The notification service's PUBLIC_ORIGIN (links in e-mails): its own, else the release's. */}}
{{- define "valueproof.notificationOrigin" -}}
{{- default (include "valueproof.publicOrigin" .) .Values.notification.publicOrigin }}
{{- end }}

{{- define "valueproof.tlsSecretName" -}}
{{- default (include "valueproof.componentName" (list . "tls")) .Values.ingress.tls.secretName }}
{{- end }}
