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

{{/* A ClusterIP Service for a dependency: (list $ "nats" (list (dict "name" "client" "port" 4222))). */}}
{{- define "hsa.dep.service" -}}
{{- $root := index . 0 -}}
{{- $part := index . 1 -}}
apiVersion: v1
kind: Service
metadata:
  {{- include "hsa.metadata" (list $root $part) | nindent 2 }}
spec:
  selector:
    {{- include "hsa.selectorLabels" (list $root $part) | nindent 4 }}
  ports:
    {{- range index . 2 }}
    - {name: {{ .name }}, port: {{ .port }}, targetPort: {{ .name }}, protocol: TCP}
    {{- end }}
{{- end -}}

{{/* The volumeClaimTemplates of a StatefulSet with one volume `data`: (the dependency's storage values). */}}
{{- define "hsa.dep.volumeClaims" -}}
volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      {{- with .storageClassName }}
      storageClassName: {{ . }}
      {{- end }}
      resources:
        requests:
          storage: {{ .size }}
{{- end -}}

{{/* A single-instance Deployment of a dependency with HTTP health checks (collector, Grafana, Tempo, Loki,
     Prometheus): (dict "root" $ "part" "tempo" "values" .Values.tempo "args" list "ports" [{name, port}]
     "probe" {port, path, readyPath} "env" yaml-string "volumes" [{name, mountPath, configMap | emptyDir}]
     "checksum" of the configuration, so a change restarts the pod). */}}
{{- define "hsa.dep.deployment" -}}
{{- $root := .root -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  {{- include "hsa.metadata" (list $root .part) | nindent 2 }}
spec:
  replicas: 1
  # One instance on its own storage: the old one stops before the new one starts.
  strategy: {type: Recreate}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "hsa.selectorLabels" (list $root .part) | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "hsa.podLabels" (list $root .part) | nindent 8 }}
      annotations:
        checksum/config: {{ .checksum | default "none" | quote }}
    spec:
      {{- include "hsa.podDefaults" $root | nindent 6 }}
      terminationGracePeriodSeconds: 30
      containers:
        - name: {{ .part }}
          image: {{ include "hsa.image" (list $root .values.image true) }}
          imagePullPolicy: {{ .values.image.pullPolicy }}
          {{- with .args }}
          args:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          securityContext:
            {{- include "hsa.containerSecurityContext" $root | nindent 12 }}
          ports:
            {{- range .ports }}
            - {name: {{ .name }}, containerPort: {{ .port }}, protocol: TCP}
            {{- end }}
          {{- with .env }}
          env:
            {{- . | nindent 12 }}
          {{- end }}
          startupProbe:
            httpGet: {path: {{ .probe.path }}, port: {{ .probe.port }}}
            periodSeconds: 2
            failureThreshold: 90
          readinessProbe:
            httpGet: {path: {{ .probe.readyPath | default .probe.path }}, port: {{ .probe.port }}}
            periodSeconds: 10
            timeoutSeconds: 5
          livenessProbe:
            httpGet: {path: {{ .probe.path }}, port: {{ .probe.port }}}
            periodSeconds: 20
            timeoutSeconds: 5
            failureThreshold: 3
          resources:
            {{- toYaml .values.resources | nindent 12 }}
          volumeMounts:
            {{- include "hsa.tmpMount" $root | nindent 12 }}
            {{- range .volumes }}
            - {name: {{ .name }}, mountPath: {{ .mountPath }}{{ if .configMap }}, readOnly: true{{ end }}}
            {{- end }}
      volumes:
        {{- include "hsa.tmpVolume" $root | nindent 8 }}
        {{- range .volumes }}
        - name: {{ .name }}
          {{- if .configMap }}
          configMap: {name: {{ .configMap }}}
          {{- else }}
          emptyDir: {sizeLimit: {{ .emptyDir | default "2Gi" }}}
          {{- end }}
        {{- end }}
{{- end -}}

{{/* A ConfigMap of chart files: (list $ "tempo-config" "files/tempo/*.yaml"). */}}
{{- define "hsa.dep.filesConfigMap" -}}
{{- $root := index . 0 -}}
apiVersion: v1
kind: ConfigMap
metadata:
  {{- include "hsa.metadata" (list $root (index . 1)) | nindent 2 }}
{{- with ($root.Files.Glob (index . 2)) }}
data:
  {{- .AsConfig | nindent 2 }}
{{- else }}
data: {}
{{- end }}
{{- end -}}
