{{/*
The templates every component is rendered with. Each takes a context made by templates/components.yaml:
  root: the chart's top scope   name: the component ("gateway")   spec: its catalog entry   values: its values
*/}}

{{/* The plain environment (the component's ConfigMap): what the chart sets, then the values' env over it. */}}
{{- define "hsa.component.env" -}}
{{- $root := .root -}}
{{- $spec := .spec -}}
{{- $env := dict "NODE_ENV" "production" "LOG_LEVEL" $root.Values.logLevel "OTEL_SERVICE_NAME" .name "SERVICE_VERSION" (toString (.values.image.tag | default $root.Chart.AppVersion)) -}}
{{- if eq $spec.kind "grpc" -}}
{{- $_ := set $env (printf "%s_GRPC_HOST" $spec.prefix) "0.0.0.0" -}}
{{- $_ := set $env (printf "%s_GRPC_PORT" $spec.prefix) (toString $spec.port) -}}
{{- $_ := set $env (printf "%s_HEALTH_PORT" $spec.prefix) (toString $spec.healthPort) -}}
{{- else if eq $spec.kind "web" -}}
{{- $publicUrl := urlParse (include "hsa.publicUrl" $root) -}}
{{- $_ := set $env "PORT" (toString $spec.port) -}}
{{- $_ := set $env "WEB_BASE_PATH" (printf "%s/" (trimSuffix "/" $spec.route)) -}}
{{- $_ := set $env "CORS_ORIGINS" (printf "%s://%s" $publicUrl.scheme $publicUrl.host) -}}
{{- end -}}
{{- if eq .name "gateway" -}}
{{- $_ := set $env "PUBLIC_URL" (include "hsa.publicUrl" $root) -}}
{{- end -}}
{{- range $use := $spec.uses | default list -}}
{{- if eq $use "nats" -}}
{{- $_ := set $env "NATS_URL" (include "hsa.natsUrl" $root) -}}
{{- else if or (eq $use "s3") (eq $use "s3-public") -}}
{{- $env = merge $env (include "hsa.s3Env" $root | fromYaml) -}}
{{- else if eq $use "otel" -}}
{{- with include "hsa.otelEndpoint" $root }}{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" . -}}{{- end -}}
{{- else if eq $use "oidc" -}}
{{- $_ := set $env "OIDC_ISSUER_URL" (include "hsa.oidcIssuer" $root) -}}
{{- $_ := set $env "OIDC_CLIENT_ID" $root.Values.oidc.clientId -}}
{{- else if eq $use "csp" -}}
{{- $_ := set $env "PUBLIC_URL" (include "hsa.publicUrl" $root) -}}
{{- $_ := set $env "OIDC_ISSUER_URL" (include "hsa.oidcIssuer" $root) -}}
{{- with (include "hsa.s3Env" $root | fromYaml).S3_PUBLIC_ENDPOINT }}{{- $_ := set $env "S3_PUBLIC_ENDPOINT" . -}}{{- end -}}
{{- else if eq $use "oidc-issuer" -}}
{{- $_ := set $env "IDENTITY_ISSUER" (include "hsa.oidcIssuer" $root) -}}
{{- $_ := set $env "IDENTITY_CLIENT_ID" $root.Values.oidc.clientId -}}
{{- $_ := set $env "IDENTITY_REDIRECT_URIS" (printf "%s/api/callback" (include "hsa.publicUrl" $root)) -}}
{{- $_ := set $env "IDENTITY_POST_LOGOUT_REDIRECT_URIS" (printf "%s/" (include "hsa.publicUrl" $root)) -}}
{{- end -}}
{{- end -}}
{{- range $callee := $spec.calls | default list -}}
{{- $calleeSpec := index (include "hsa.catalog" $root | fromYaml) $callee -}}
{{- $_ := set $env (printf "%s_SERVICE_ADDRESS" $calleeSpec.prefix) (printf "%s:%v" (include "hsa.name" (list $root $callee)) $calleeSpec.port) -}}
{{- end -}}
{{- if $spec.calls -}}
{{- $_ := set $env "INTERNAL_AUTH_KEY_ID" .name -}}
{{- end -}}
{{- $env = merge (deepCopy ($spec.env | default dict)) $env -}}
{{- range $key, $value := .values.env -}}
{{- $_ := set $env $key (toString $value) -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{/* The environment from Secrets: the database URL, the catalog's secrets, S3 keys, the internal-auth keys. */}}
{{- define "hsa.component.secretEnv" -}}
{{- $root := .root -}}
{{- $spec := .spec -}}
{{- if has "postgresql" ($spec.uses | default list) }}
{{- include "hsa.databaseEnv" $root }}
{{- end }}
{{- range $spec.secrets | default list }}
{{ include "hsa.secretEnv" (list $root .env .key .optional) }}
{{- end }}
{{- if has "s3" ($spec.uses | default list) }}
{{ include "hsa.secretEnv" (list $root "S3_ACCESS_KEY_ID" "s3-access-key-id" (not $root.Values.minio.enabled)) }}
{{ include "hsa.secretEnv" (list $root "S3_SECRET_ACCESS_KEY" "s3-secret-access-key" (not $root.Values.minio.enabled)) }}
{{- end }}
{{- if $spec.calls }}
- name: INTERNAL_AUTH_PRIVATE_KEY
  valueFrom:
    secretKeyRef: {name: {{ include "hsa.internalAuthSecretName" $root }}, key: {{ .name }}.key}
{{- end }}
{{- $callers := include "hsa.callersOf" (list $root .name) | fromJsonArray }}
{{- if $callers }}
{{- $refs := list }}
{{- range $callers }}
{{- $var := printf "INTERNAL_AUTH_CERT_%s" (upper .) }}
{{- $refs = append $refs (printf "$(%s)" $var) }}
- name: {{ $var }}
  valueFrom:
    secretKeyRef: {name: {{ include "hsa.internalAuthSecretName" $root }}, key: {{ . }}.crt}
{{- end }}
# The certificates of exactly the callers of this service (PEM bundle; each certificate's CN names its caller).
- name: INTERNAL_AUTH_PUBLIC_KEYS
  value: {{ join "\n" $refs | quote }}
{{- end }}
{{- end -}}

{{/* The probes: gRPC services answer the standard health service on their gRPC port (SERVING only when ready)
     and /healthz on their health port (alive); HTTP services and web front ends answer HTTP paths. The startup probe
     allows for the migrations and data import done before a service listens. */}}
{{- define "hsa.component.probes" -}}
{{- $spec := .spec -}}
{{- if eq $spec.kind "grpc" }}
startupProbe:
  httpGet: {path: /healthz, port: health}
  periodSeconds: 5
  failureThreshold: 60
readinessProbe:
  grpc: {port: {{ $spec.port }}}
  periodSeconds: 5
  timeoutSeconds: 3
  failureThreshold: 2
livenessProbe:
  httpGet: {path: /healthz, port: health}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
{{- else }}
startupProbe:
  httpGet: {path: {{ $spec.livePath | default "/healthz" }}, port: http}
  periodSeconds: 2
  failureThreshold: 60
readinessProbe:
  httpGet: {path: {{ $spec.readyPath | default "/readyz" }}, port: http}
  periodSeconds: 5
  timeoutSeconds: 3
  failureThreshold: 2
livenessProbe:
  httpGet: {path: {{ $spec.livePath | default "/healthz" }}, port: http}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 3
{{- end }}
{{- end -}}

{{- define "hsa.component.ports" -}}
{{- if eq .spec.kind "grpc" }}
- {name: grpc, containerPort: {{ .spec.port }}, protocol: TCP}
- {name: health, containerPort: {{ .spec.healthPort }}, protocol: TCP}
{{- else }}
- {name: http, containerPort: {{ .spec.port }}, protocol: TCP}
{{- end }}
{{- end -}}

{{- define "hsa.component.deployment" -}}
{{- $root := .root -}}
{{- $v := .values -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "hsa.name" (list $root .name) }}
  labels:
    {{- include "hsa.labels" (list $root .name) | nindent 4 }}
spec:
  {{- if not $v.autoscaling.enabled }}
  replicas: {{ $v.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  # A new pod takes traffic only once ready (migrated, dependencies reachable); an old one stops only then.
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 0, maxSurge: 1}
  minReadySeconds: 5
  selector:
    matchLabels:
      {{- include "hsa.selectorLabels" (list $root .name) | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "hsa.podLabels" (list $root .name) | nindent 8 }}
      annotations:
        checksum/config: {{ include "hsa.component.env" . | sha256sum }}
        {{- with $v.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "hsa.name" (list $root .name) }}
      {{- include "hsa.podDefaults" $root | nindent 6 }}
      terminationGracePeriodSeconds: 30
      {{- if .spec.data }}
      initContainers:
        # Copies the public data (hsa-data) into /data.
        - name: data
          image: {{ include "hsa.image" (list $root $root.Values.data.image) }}
          imagePullPolicy: {{ $root.Values.data.image.pullPolicy }}
          securityContext:
            {{- include "hsa.containerSecurityContext" $root | nindent 12 }}
          resources:
            {{- toYaml $root.Values.data.resources | nindent 12 }}
          volumeMounts:
            - {name: data, mountPath: /mnt/data}
            {{- include "hsa.tmpMount" $root | nindent 12 }}
      {{- end }}
      containers:
        - name: {{ .name }}
          image: {{ include "hsa.image" (list $root $v.image) }}
          imagePullPolicy: {{ $v.image.pullPolicy }}
          securityContext:
            {{- include "hsa.containerSecurityContext" $root | nindent 12 }}
          ports:
            {{- include "hsa.component.ports" . | nindent 12 }}
          envFrom:
            - configMapRef:
                name: {{ include "hsa.name" (list $root .name) }}
          {{- with include "hsa.component.secretEnv" . | trim }}
          env:
            {{- . | nindent 12 }}
          {{- end }}
          {{- include "hsa.component.probes" . | nindent 10 }}
          resources:
            {{- toYaml $v.resources | nindent 12 }}
          volumeMounts:
            {{- include "hsa.tmpMount" $root | nindent 12 }}
            {{- if .spec.data }}
            - {name: data, mountPath: /data, readOnly: true}
            {{- end }}
      volumes:
        {{- include "hsa.tmpVolume" $root | nindent 8 }}
        {{- if .spec.data }}
        - name: data
          emptyDir:
            sizeLimit: 512Mi
        {{- end }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "hsa.selectorLabels" (list $root .name) | nindent 14 }}
      {{- with $v.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}

{{- define "hsa.component.configMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ include "hsa.name" (list .root .name) }}
  labels:
    {{- include "hsa.labels" (list .root .name) | nindent 4 }}
data:
  {{- include "hsa.component.env" . | nindent 2 }}
{{- end -}}

{{- define "hsa.component.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "hsa.name" (list .root .name) }}
  labels:
    {{- include "hsa.labels" (list .root .name) | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "hsa.selectorLabels" (list .root .name) | nindent 4 }}
  ports:
    {{- if eq .spec.kind "grpc" }}
    - {name: grpc, port: {{ .spec.port }}, targetPort: grpc, protocol: TCP, appProtocol: grpc}
    {{- else }}
    - {name: http, port: {{ .spec.port }}, targetPort: http, protocol: TCP, appProtocol: http}
    {{- end }}
{{- end -}}

{{- define "hsa.component.serviceAccount" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "hsa.name" (list .root .name) }}
  labels:
    {{- include "hsa.labels" (list .root .name) | nindent 4 }}
  {{- with .values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end -}}

{{- define "hsa.component.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "hsa.name" (list .root .name) }}
  labels:
    {{- include "hsa.labels" (list .root .name) | nindent 4 }}
spec:
  minAvailable: {{ .values.pdb.minAvailable }}
  selector:
    matchLabels:
      {{- include "hsa.selectorLabels" (list .root .name) | nindent 6 }}
{{- end -}}

{{- define "hsa.component.hpa" -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "hsa.name" (list .root .name) }}
  labels:
    {{- include "hsa.labels" (list .root .name) | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "hsa.name" (list .root .name) }}
  minReplicas: {{ .values.autoscaling.minReplicas }}
  maxReplicas: {{ .values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .values.autoscaling.targetCPUUtilizationPercentage }}
{{- end -}}

{{/* Who may reach the component (the ingress controller for what the ingress serves, the callers for a gRPC
     service) and what it may reach (DNS, its dependencies, its callees, HTTPS on the internet when it calls
     providers). */}}
{{- define "hsa.component.networkPolicy" -}}
{{- $root := .root -}}
{{- $spec := .spec -}}
{{- $ingress := list -}}
{{- if $spec.exposed -}}
{{- $ingress = append $ingress (dict "from" $root.Values.networkPolicy.ingressController "ports" (list (dict "port" $spec.port "protocol" "TCP"))) -}}
{{- end -}}
{{- $callers := include "hsa.callersOf" (list $root .name) | fromJsonArray -}}
{{- if $callers -}}
{{- $peers := list -}}
{{- range $callers }}{{- $peers = append $peers (include "hsa.podPeer" (list $root .) | fromYaml) -}}{{- end -}}
{{- $ingress = append $ingress (dict "from" $peers "ports" (list (dict "port" $spec.port "protocol" "TCP"))) -}}
{{- end -}}
{{- $egress := list -}}
{{- range $spec.uses | default list -}}
{{- $egress = concat $egress (include "hsa.egressFor" (list $root .) | fromYamlArray) -}}
{{- end -}}
{{- range $callee := $spec.calls | default list -}}
{{- $calleeSpec := index (include "hsa.catalog" $root | fromYaml) $callee -}}
{{- $egress = append $egress (dict "to" (list (include "hsa.podPeer" (list $root $callee) | fromYaml)) "ports" (list (dict "port" $calleeSpec.port "protocol" "TCP"))) -}}
{{- end -}}
{{- if $spec.internet -}}
{{- $egress = append $egress (dict "to" $root.Values.networkPolicy.internetEgress "ports" (list (dict "port" 443 "protocol" "TCP"))) -}}
{{- end -}}
{{- include "hsa.networkPolicy" (dict "root" $root "name" .name "ingress" $ingress "egress" $egress) -}}
{{- end -}}
