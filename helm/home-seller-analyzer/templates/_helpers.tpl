{{/*
Names, labels, image references and the security settings every pod of the chart shares.
*/}}

{{/* The prefix of every object's name: the release name unless fullnameOverride is set. */}}
{{- define "hsa.prefix" -}}
{{- .Values.fullnameOverride | default .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{/* The name of one part of the release: (list $ "gateway") -> "<prefix>-gateway". */}}
{{- define "hsa.name" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "hsa.prefix" $root) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels selecting the pods of one part: (list $ "gateway"). */}}
{{- define "hsa.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ index . 1 }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
{{- end -}}

{{/* Every label of one part: (list $ "gateway"). */}}
{{- define "hsa.labels" -}}
{{- $root := index . 0 -}}
{{ include "hsa.selectorLabels" . }}
app.kubernetes.io/component: {{ index . 1 }}
app.kubernetes.io/part-of: home-seller-analyzer
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" $root.Chart.Name $root.Chart.Version }}
{{- end -}}

{{/* An image reference from {repository, tag, digest}: (list $ .Values.gateway.image). The product's own images
     default to the chart's appVersion and take imageRegistry; third-party images (third argument true) do not. */}}
{{- define "hsa.image" -}}
{{- $root := index . 0 -}}
{{- $image := index . 1 -}}
{{- $own := not (and (gt (len .) 2) (index . 2)) -}}
{{- $repository := $image.repository -}}
{{- if and $own $root.Values.imageRegistry -}}
{{- $repository = printf "%s/%s" (trimSuffix "/" $root.Values.imageRegistry) $repository -}}
{{- end -}}
{{- $tag := toString ($image.tag | default (ternary $root.Chart.AppVersion "" $own)) -}}
{{- if not $tag -}}{{- fail (printf "image %s: a tag is required" $repository) -}}{{- end -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/* The pod security context of every pod: non-root uid/gid 65532, RuntimeDefault seccomp. */}}
{{- define "hsa.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 65532
runAsGroup: 65532
fsGroup: 65532
fsGroupChangePolicy: OnRootMismatch
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The security context of every container: read-only root, no privilege escalation, no capabilities. */}}
{{- define "hsa.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 65532
runAsGroup: 65532
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* Pod settings every pod shares: no service account token, the security context, the pull secrets. */}}
{{- define "hsa.podDefaults" -}}
automountServiceAccountToken: false
securityContext:
  {{- include "hsa.podSecurityContext" . | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* The writable /tmp every container gets (the root file system is read-only). */}}
{{- define "hsa.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: 256Mi
{{- end -}}
{{- define "hsa.tmpMount" -}}
- name: tmp
  mountPath: /tmp
{{- end -}}

{{/* The public URL without a trailing slash, its host and scheme. */}}
{{- define "hsa.publicUrl" -}}
{{- .Values.publicUrl | trimSuffix "/" -}}
{{- end -}}
{{- define "hsa.publicHost" -}}
{{- (urlParse (include "hsa.publicUrl" .)).hostname -}}
{{- end -}}

{{/* The name of the product's Secret (existing or generated). */}}
{{- define "hsa.secretName" -}}
{{- .Values.secrets.existingSecret | default (include "hsa.name" (list . "secrets")) -}}
{{- end -}}
{{- define "hsa.internalAuthSecretName" -}}
{{- .Values.internalAuth.existingSecret | default (include "hsa.name" (list . "internal-auth")) -}}
{{- end -}}

{{/* An env entry from the product's Secret: (list $ "SESSION_SECRET" "session-secret" optional). */}}
{{- define "hsa.secretEnv" -}}
{{- $root := index . 0 -}}
- name: {{ index . 1 }}
  valueFrom:
    secretKeyRef:
      name: {{ include "hsa.secretName" $root }}
      key: {{ index . 2 }}
      {{- if and (gt (len .) 3) (index . 3) }}
      optional: true
      {{- end }}
{{- end -}}

{{/* metadata (name and labels) of one part: (list $ "postgresql"). */}}
{{- define "hsa.metadata" -}}
name: {{ include "hsa.name" . }}
labels:
  {{- include "hsa.labels" . | nindent 2 }}
{{- end -}}

{{/* An Ingress: (dict "root" $ "part" "ingress" "host" h "paths" [{path, service, port}] "annotations" {}). */}}
{{- define "hsa.ingress" -}}
{{- $root := .root -}}
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  {{- include "hsa.metadata" (list $root .part) | nindent 2 }}
  {{- with .annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with $root.Values.ingress.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- if $root.Values.ingress.tls.enabled }}
  tls:
    - hosts: [{{ .host | quote }}]
      secretName: {{ required "ingress.tls.enabled: set ingress.tls.secretName" $root.Values.ingress.tls.secretName }}
  {{- end }}
  rules:
    - host: {{ .host | quote }}
      http:
        paths:
          {{- range .paths }}
          - path: {{ .path }}
            pathType: Prefix
            backend:
              service:
                name: {{ include "hsa.name" (list $root .service) }}
                port: {number: {{ .port }}}
          {{- end }}
{{- end -}}

{{/* Labels of a pod template: no chart or app version, so a new chart version restarts only what it changes. */}}
{{- define "hsa.podLabels" -}}
{{ include "hsa.selectorLabels" . }}
app.kubernetes.io/component: {{ index . 1 }}
app.kubernetes.io/part-of: home-seller-analyzer
{{- end -}}
