{{/*
How the components reach each dependency, in-chart or external: connection settings and the NetworkPolicy egress
rules. A dependency in the chart is named <prefix>-<dependency> and selected by app.kubernetes.io/name=<dependency>.
*/}}

{{/* A NetworkPolicy peer selecting the pods of one part of the release: (list $ "postgresql"). */}}
{{- define "hsa.podPeer" -}}
podSelector:
  matchLabels:
    {{- include "hsa.selectorLabels" . | nindent 4 }}
{{- end -}}

{{/* TCP ports as NetworkPolicy ports: a list of numbers -> [{port, protocol}]. */}}
{{- define "hsa.tcpPorts" -}}
{{- range . }}
- {port: {{ . }}, protocol: TCP}
{{- end }}
{{- end -}}

{{/* One egress rule: (list peers ports) -> YAML list with one rule. */}}
{{- define "hsa.egressRule" -}}
- to:
    {{- toYaml (index . 0) | nindent 4 }}
  ports:
    {{- include "hsa.tcpPorts" (index . 1) | nindent 4 }}
{{- end -}}

{{/* The egress rules a component needs to reach one dependency it uses: (list $ "postgresql"). */}}
{{- define "hsa.egressFor" -}}
{{- $root := index . 0 -}}
{{- $use := index . 1 -}}
{{- $v := $root.Values -}}
{{- $inChart := dict "postgresql" (list "postgresql" 5432) "nats" (list "nats" 4222) "s3" (list "minio" 9000) "otel" (list "otel-collector" 4317 4318) -}}
{{- $external := dict "postgresql" $v.postgresql.external "nats" $v.nats.external "s3" $v.minio.external "otel" $v.otelCollector.external -}}
{{- $enabled := dict "postgresql" $v.postgresql.enabled "nats" $v.nats.enabled "s3" $v.minio.enabled "otel" $v.otelCollector.enabled -}}
{{- if hasKey $inChart $use -}}
{{- if index $enabled $use -}}
{{- $target := index $inChart $use -}}
{{- include "hsa.egressRule" (list (list (include "hsa.podPeer" (list $root (first $target)) | fromYaml)) (rest $target)) -}}
{{- else if or (ne $use "otel") $v.otelCollector.external.endpoint -}}
{{- $ext := index $external $use -}}
{{- include "hsa.egressRule" (list $ext.egressTo $ext.ports) -}}
{{- end -}}
{{- else if eq $use "oidc" -}}
{{- if or $v.keycloak.enabled $v.identity.enabled -}}
{{/* The issuer is on the public host: reached through the ingress controller, like a browser. */}}
{{- include "hsa.egressRule" (list $v.networkPolicy.ingressController (list 80 443)) -}}
{{- else -}}
{{- include "hsa.egressRule" (list $v.oidc.egressTo $v.oidc.ports) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* DATABASE_URL (and what it is made of) as env entries. In the chart: the password from the Secret, composed
     into the URL by Kubernetes ($(VAR) expansion); external: the Secret's database-url. */}}
{{- define "hsa.databaseEnv" -}}
{{- if .Values.postgresql.enabled }}
{{- include "hsa.secretEnv" (list . "HSA_POSTGRES_PASSWORD" "postgres-password") }}
- name: DATABASE_URL
  value: {{ printf "postgres://%s:$(HSA_POSTGRES_PASSWORD)@%s:5432/postgres" .Values.postgresql.username (include "hsa.name" (list . "postgresql")) | quote }}
{{- else }}
{{- include "hsa.secretEnv" (list . "DATABASE_URL" "database-url") }}
{{- end }}
{{- end -}}

{{- define "hsa.natsUrl" -}}
{{- if .Values.nats.enabled -}}
{{- printf "nats://%s:4222" (include "hsa.name" (list . "nats")) -}}
{{- else -}}
{{- required "nats.enabled=false: set nats.external.url" .Values.nats.external.url -}}
{{- end -}}
{{- end -}}

{{/* The S3 settings as a map of env vars (empty values left out). */}}
{{- define "hsa.s3Env" -}}
{{- $v := .Values -}}
{{- $env := dict "S3_BUCKET" $v.minio.bucket "S3_REGION" $v.minio.region -}}
{{- if $v.minio.enabled -}}
{{- $_ := set $env "S3_ENDPOINT" (printf "http://%s:9000" (include "hsa.name" (list . "minio"))) -}}
{{- $_ := set $env "S3_FORCE_PATH_STYLE" "true" -}}
{{- if $v.minio.ingress.enabled -}}
{{- $public := include "hsa.publicUrl" . -}}
{{- if $v.minio.ingress.host -}}
{{- $public = printf "%s://%s" (urlParse $public).scheme $v.minio.ingress.host -}}
{{- end -}}
{{- $_ := set $env "S3_PUBLIC_ENDPOINT" $public -}}
{{- end -}}
{{- else -}}
{{- $_ := set $env "S3_FORCE_PATH_STYLE" (toString $v.minio.external.forcePathStyle) -}}
{{- with $v.minio.external.endpoint }}{{- $_ := set $env "S3_ENDPOINT" . -}}{{- end -}}
{{- with $v.minio.external.publicEndpoint }}{{- $_ := set $env "S3_PUBLIC_ENDPOINT" . -}}{{- end -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{/* The OpenID Connect issuer: Keycloak's realm on the public host, else oidc.issuerUrl (external, or served by
     the development sign-in). */}}
{{- define "hsa.oidcIssuer" -}}
{{- if .Values.keycloak.enabled -}}
{{- printf "%s/auth/realms/%s" (include "hsa.publicUrl" .) .Values.keycloak.realm -}}
{{- else -}}
{{- required "keycloak.enabled=false: set oidc.issuerUrl (your provider, or the development sign-in's origin)" .Values.oidc.issuerUrl | trimSuffix "/" -}}
{{- end -}}
{{- end -}}

{{/* The OTLP/HTTP endpoint the components export to (empty: no export). */}}
{{- define "hsa.otelEndpoint" -}}
{{- if .Values.otelCollector.enabled -}}
{{- printf "http://%s:4318" (include "hsa.name" (list . "otel-collector")) -}}
{{- else -}}
{{- .Values.otelCollector.external.endpoint -}}
{{- end -}}
{{- end -}}
