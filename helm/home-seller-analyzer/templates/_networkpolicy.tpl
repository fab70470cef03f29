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


{{/* Peers selecting parts of the release by name: (list $ (list "gateway" "keycloak")) -> list of peers. */}}
{{- define "hsa.podPeers" -}}
{{- $root := index . 0 -}}
{{- $peers := list -}}
{{- range index . 1 }}{{- $peers = append $peers (include "hsa.podPeer" (list $root .) | fromYaml) -}}{{- end -}}
{{- toYaml $peers -}}
{{- end -}}

{{/* One rule: peers on TCP ports: (list peers (list 5432)) -> {from|to: peers, ports}; `key` is "from" or "to". */}}
{{- define "hsa.peerRule" -}}
{{- $ports := list -}}
{{- range index . 2 }}{{- $ports = append $ports (dict "port" . "protocol" "TCP") -}}{{- end -}}
{{- toYaml (dict (index . 0) (index . 1) "ports" $ports) -}}
{{- end -}}
