{{/* Building blocks of networkpolicies.yaml. */}}

{{/* A peer: the release's pods of the given components. Call with (list $ (list "gateway" …)). */}}
{{- define "valueproof.peerComponents" -}}
- podSelector:
    matchLabels:
      {{- include "valueproof.selectorLabels" (index . 0) | nindent 6 }}
    matchExpressions:
      - key: app.kubernetes.io/component
        operator: In
        values: {{ index . 1 | toJson }}
{{- end }}

{{/* An egress rule to the release's pods of one component on one port. Call with (list $ "nats" 4222). */}}
{{- define "valueproof.egressToComponent" -}}
- to:
    {{- include "valueproof.peerComponents" (list (index . 0) (list (index . 1))) | nindent 4 }}
  ports:
    - port: {{ index . 2 }}
      protocol: TCP
{{- end }}

{{/* An egress rule to something outside the release, on its port only. Call with (list $ 443). */}}
{{- define "valueproof.egressExternal" -}}
- ports:
    - port: {{ index . 1 | int }}
      protocol: TCP
  {{- with (index . 0).Values.networkPolicy.externalTo }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}

{{/*
Egress rules to one dependency, in-chart or external. Call with (list $ "postgresql"); what is one
of postgresql, nats, minio, otel, openai, stripe, mail. Renders nothing when the dependency is not used.
*/}}
{{- define "valueproof.egressTo" -}}
{{- $root := index . 0 }}
{{- $what := index . 1 }}
{{- $v := $root.Values }}
{{- if eq $what "postgresql" }}
{{- if $v.postgresql.enabled }}
{{- include "valueproof.egressToComponent" (list $root "postgresql" 5432) }}
{{- else }}
{{- include "valueproof.egressExternal" (list $root $v.externalDatabase.port) }}
{{- end }}
{{- else if eq $what "nats" }}
{{- if $v.nats.enabled }}
{{- include "valueproof.egressToComponent" (list $root "nats" 4222) }}
{{- else }}
{{- include "valueproof.egressExternal" (list $root $v.externalNats.port) }}
{{- end }}
{{- else if eq $what "minio" }}
{{- if $v.minio.enabled }}
{{- include "valueproof.egressToComponent" (list $root "minio" 9000) }}
{{- else }}
{{- include "valueproof.egressExternal" (list $root (include "valueproof.urlPort" $v.objectStorage.endpoint)) }}
{{- end }}
{{- else if and (eq $what "otel") $v.otel.endpoint }}
{{- include "valueproof.egressExternal" (list $root (include "valueproof.urlPort" $v.otel.endpoint)) }}
{{- else if and (eq $what "openai") $v.openai.enabled }}
{{- include "valueproof.egressExternal" (list $root (include "valueproof.urlPort" (default "https://api.openai.com" $v.openai.baseUrl))) }}
{{- else if and (eq $what "stripe") $v.stripe.enabled }}
{{- include "valueproof.egressExternal" (list $root (include "valueproof.urlPort" (default "https://api.stripe.com" $v.stripe.apiUrl))) }}
{{- else if eq $what "mail" }}
{{- /* Mail servers on the SMTP ports; sellers' webhooks and HubSpot on the HTTPS ones: always, as sellers add webhooks at run time. */}}
{{- range $port := concat $v.networkPolicy.smtpPorts $v.networkPolicy.webhookPorts | uniq }}
{{ include "valueproof.egressExternal" (list $root $port) }}
{{- end }}
{{- end }}
{{- end }}

{{/* A NetworkPolicy's head. Call with (list $ "policy-suffix"). */}}
{{- define "valueproof.networkPolicyHead" -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "valueproof.componentName" (list (index . 0) (printf "netpol-%s" (index . 1))) }}
  labels:
    {{- include "valueproof.labels" (index . 0) | nindent 4 }}
{{- end }}
