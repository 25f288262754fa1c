{{/*
Each deployable's environment, as its config schema reads it (gateway/src/config.ts,
services/<service>/src/config.ts, the shared infrastructure schema): plain settings go into its ConfigMap,
secrets are read from the Secret one key at a time, so a deployable sees only what it uses.
*/}}

{{/* Refuses value combinations that would install a broken system, with the fix in the message. */}}
{{- define "valueproof.validate" -}}
{{- $v := .Values }}
{{- $own := not $v.secrets.existingSecret }}
{{- if and $v.postgresql.enabled (not $v.migrations.onStart) }}
{{- fail "migrations.onStart=false needs an external database: the in-chart PostgreSQL does not exist when pre-install hooks run, so the services must migrate at start" }}
{{- end }}
{{- if and (not $v.migrations.enabled) (not $v.migrations.onStart) }}
{{- fail "migrations.enabled=false with migrations.onStart=false: nothing would apply the migrations" }}
{{- end }}
{{- if and (not $v.postgresql.enabled) $own }}
{{- range $service := include "valueproof.services" . | fromJsonArray }}
{{- if not (index $v.externalDatabase.urls $service) }}
{{- fail (printf "externalDatabase.urls.%s is required when postgresql.enabled is false (or set secrets.existingSecret)" $service) }}
{{- end }}
{{- end }}
{{- end }}
{{- if and (not $v.nats.enabled) $own (not $v.externalNats.url) }}
{{- fail "externalNats.url is required when nats.enabled is false (or set secrets.existingSecret with NATS_URL)" }}
{{- end }}
{{- if not $v.minio.enabled }}
{{- if not $v.objectStorage.endpoint }}
{{- fail "objectStorage.endpoint is required when minio.enabled is false" }}
{{- end }}
{{- if and $own (or (not $v.objectStorage.accessKey) (not $v.objectStorage.secretKey)) }}
{{- fail "objectStorage.accessKey and objectStorage.secretKey are required when minio.enabled is false (or set secrets.existingSecret)" }}
{{- end }}
{{- end }}
{{- if and $v.openai.enabled $own (not $v.openai.apiKey) }}
{{- fail "openai.apiKey is required when openai.enabled is true (or set secrets.existingSecret with OPENAI_API_KEY)" }}
{{- end }}
{{- if $v.stripe.enabled }}
{{- if and $own (or (not $v.stripe.secretKey) (not $v.stripe.webhookSecret)) }}
{{- fail "stripe.secretKey and stripe.webhookSecret are required when stripe.enabled is true (or set secrets.existingSecret)" }}
{{- end }}
{{- if not (include "valueproof.publicOrigin" .) }}
{{- fail "stripe.enabled needs a public origin: set config.publicOrigin, or ingress.enabled with ingress.tls.enabled" }}
{{- end }}
{{- end }}
{{- if and $v.notification.smtpUrl (not (include "valueproof.notificationOrigin" .)) }}
{{- fail "notification.smtpUrl needs a public origin for the links in e-mails: set notification.publicOrigin or config.publicOrigin, or ingress.enabled with ingress.tls.enabled" }}
{{- end }}
{{- end }}

{{/* Settings shared by every deployable. */}}
{{- define "valueproof.commonEnv" -}}
HOST: 0.0.0.0
LOG_LEVEL: {{ .Values.config.logLevel }}
NATS_NAMESPACE: {{ .Values.config.natsNamespace | quote }}
# Generated secrets would land here; every secret comes from the Secret, so this stays empty.
DATA_DIR: /tmp/valueproof
{{- with .Values.otel.endpoint }}
OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: {{ . }}
{{- end }}
{{- end }}

{{- define "valueproof.objectStorageEndpoint" -}}
{{- if .Values.minio.enabled }}
{{- printf "http://%s:9000" (include "valueproof.componentName" (list . "minio")) }}
{{- else }}
{{- .Values.objectStorage.endpoint }}
{{- end }}
{{- end }}

{{- define "valueproof.openaiEnv" -}}
{{- if .Values.openai.enabled }}
OPENAI_MODEL: {{ .Values.openai.model }}
{{- with .Values.openai.baseUrl }}
OPENAI_BASE_URL: {{ . }}
{{- end }}
{{- end }}
{{- end }}

{{/* The ConfigMap data of one deployable, before its values' env. Call with (list $ "identity"). */}}
{{- define "valueproof.configEnv" -}}
{{- $root := index . 0 }}
{{- $name := index . 1 }}
{{- $v := $root.Values }}
{{- $ports := include "valueproof.ports" $root | fromYaml }}
{{- $origin := include "valueproof.publicOrigin" $root }}
{{ include "valueproof.commonEnv" $root }}
PORT: {{ index $ports $name | quote }}
{{- if eq $name "gateway" }}
{{- range $service := include "valueproof.services" $root | fromJsonArray }}
{{ upper $service }}_URL: {{ printf "http://%s:%v" (include "valueproof.componentName" (list $root $service)) (index $ports $service) }}
{{- end }}
# The web app inside the gateway's image (dist/gateway/web, relative to its working directory).
WEB_DIST_DIR: dist/gateway/web
TRUST_PROXY: {{ ternary $v.gateway.trustProxy $v.ingress.enabled (kindIs "bool" $v.gateway.trustProxy) | quote }}
TRUST_PROXY_HOPS: {{ $v.gateway.trustProxyHops | quote }}
{{- else }}
S3_ENDPOINT: {{ include "valueproof.objectStorageEndpoint" $root }}
S3_BUCKET: {{ $v.objectStorage.bucket }}
S3_REGION: {{ $v.objectStorage.region }}
MIGRATE_ON_START: {{ $v.migrations.onStart | quote }}
{{- end }}
{{- if and $origin (has $name (list "gateway" "proposal" "billing")) }}
PUBLIC_ORIGIN: {{ $origin }}
{{- end }}
{{- if has $name (list "calculator" "proposal") }}
{{- include "valueproof.openaiEnv" $root | nindent 0 }}
{{- end }}
{{- if eq $name "notification" }}
MAIL_FROM: {{ $v.notification.mailFrom | quote }}
{{- with include "valueproof.notificationOrigin" $root }}
PUBLIC_ORIGIN: {{ . }}
{{- end }}
{{- end }}
{{- if eq $name "billing" }}
PAYMENTS_TEST_MODE: {{ and (not $v.stripe.enabled) $v.stripe.testMode | quote }}
{{- end }}
{{- if and (eq $name "billing") $v.stripe.enabled }}
{{- with $v.stripe.priceId }}
STRIPE_PRICE_ID: {{ . }}
{{- end }}
{{- with $v.stripe.apiUrl }}
STRIPE_API_URL: {{ . }}
{{- end }}
{{- end }}
{{- end }}

{{/*
The secret variables of one deployable: "ENV_NAME: SECRET_KEY" lines. Call with (list $ "identity").
*/}}
{{- define "valueproof.secretEnv" -}}
{{- $root := index . 0 }}
{{- $name := index . 1 }}
{{- $v := $root.Values }}
GATEWAY_SIGNING_KEY: GATEWAY_SIGNING_KEY
NATS_URL: NATS_URL
{{- if ne $name "gateway" }}
DATABASE_URL: {{ upper $name }}_DATABASE_URL
S3_ACCESS_KEY: S3_ACCESS_KEY
S3_SECRET_KEY: S3_SECRET_KEY
{{- end }}
{{- if eq $name "identity" }}
ADDRESS_HASH_KEY: IDENTITY_ADDRESS_HASH_KEY
{{- end }}
{{- if eq $name "proposal" }}
ACCESS_CODE_KEY: ACCESS_CODE_KEY
ADDRESS_HASH_KEY: PROPOSAL_ADDRESS_HASH_KEY
{{- end }}
{{- if and (eq $name "analytics") $v.secrets.analyticsOperatorToken }}
ANALYTICS_OPERATOR_TOKEN: ANALYTICS_OPERATOR_TOKEN
{{- end }}
{{- if and (has $name (list "calculator" "proposal")) $v.openai.enabled }}
OPENAI_API_KEY: OPENAI_API_KEY
{{- end }}
{{- if and (eq $name "notification") (or $v.notification.smtpUrl $v.secrets.existingSecret) }}
SMTP_URL: SMTP_URL
{{- end }}
{{- if and (eq $name "billing") $v.stripe.enabled }}
STRIPE_SECRET_KEY: STRIPE_SECRET_KEY
STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET
{{- end }}
{{- end }}

{{/* env: entries reading the secret variables of one deployable. Call with (list $ "identity"). */}}
{{- define "valueproof.secretEnvRefs" -}}
{{- $root := index . 0 }}
{{- $secret := include "valueproof.secretName" $root }}
{{- range $env, $key := include "valueproof.secretEnv" . | fromYaml }}
- name: {{ $env }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $key }}
      {{- if and (eq $key "SMTP_URL") $root.Values.secrets.existingSecret }}
      # An existing Secret without SMTP_URL: e-mails stay in the pod's mailbox (not delivered).
      optional: true
      {{- end }}
{{- end }}
{{- end }}
