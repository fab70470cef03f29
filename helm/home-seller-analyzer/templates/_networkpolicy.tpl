{{/*
One NetworkPolicy for one part of the release: (dict "root" $ "name" "gateway" "ingress" rules "egress" rules).
Every policy also allows DNS. With networkPolicy.enabled the release's pods are denied everything else
(templates/networkpolicies.yaml), so what is listed here is all a pod may reach or be reached by.
*/}}
{{- define "hsa.networkPolicy" -}}
{{- $root := .root -}}
{{- $dns := dict "to" $root.Values.networkPolicy.dns "ports" (list (dict "port" 53 "protocol" "UDP") (dict "port" 53 "protocol" "TCP")) -}}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "hsa.name" (list $root .name) }}
  labels:
    {{- include "hsa.labels" (list $root .name) | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "hsa.selectorLabels" (list $root .name) | nindent 6 }}
  policyTypes: [Ingress, Egress]
  {{- if .ingress }}
  ingress:
    {{- toYaml .ingress | nindent 4 }}
  {{- else }}
  ingress: []
  {{- end }}
  egress:
    {{- toYaml (prepend (.egress | default list) $dns) | nindent 4 }}
{{- end -}}

