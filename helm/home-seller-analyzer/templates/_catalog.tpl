{{/*
The catalog: what is fixed about each component, in one place. Everything a team may change (image, replicas,
resources, env, enabled, ...) is in values.yaml under the component's top-level key; templates/components.yaml renders
every enabled entry here with the same templates (_component.tpl).

  kind        grpc: a gRPC service (native gRPC readiness probe on `port`, /healthz on `healthPort`,
                    <prefix>_GRPC_HOST/_GRPC_PORT/_HEALTH_PORT set);
              http: an HTTP service (probes on `readyPath`/`livePath`);
              web:  a front end served by @hsa/web-server (PORT, WEB_BASE_PATH, CORS_ORIGINS; /readyz, /healthz).
  route       the ingress path it is served under on the public host (web and gateway).
  exposed     reached by the ingress controller (through `route`, or on a host of its own: identity's issuer).
  uses        dependencies it reaches: postgresql, nats, s3 (the API), s3-public (only the browsers' endpoint, for
              the Content-Security-Policy), oidc (as a client), oidc-issuer (it is the issuer), otel,
              csp (serves the shell's page: the public URL, the issuer and the browsers' S3 endpoint for its
              Content-Security-Policy, the same one the gateway sends; reaches none of them).
  calls       components it calls over gRPC: it gets <CALLEE>_SERVICE_ADDRESS and a signing key; each callee trusts
              the certificates of exactly its callers.
  data        gets the hsa-data initContainer filling /data.
  internet    may reach HTTPS on the internet (providers; the OIDC back channel).
  env         fixed environment (values' env overrides it).
  secrets     environment from the product's Secret: {env, key, optional}.
*/}}
{{- define "hsa.catalog" -}}
gateway:
  kind: http
  port: 8080
  route: /api
  exposed: true
  readyPath: /readyz
  livePath: /healthz
  uses: [postgresql, nats, s3-public, oidc, otel]
  calls: [property, valuation, ai, neighborhood, media]
  internet: true
  env: {HOST: 0.0.0.0, PORT: "8080"}
  secrets:
    - {env: SESSION_SECRET, key: session-secret}
    - {env: OIDC_CLIENT_SECRET, key: oidc-client-secret}
    - {env: GOOGLE_MAPS_BROWSER_KEY, key: google-maps-browser-key, optional: true}
property:
  kind: grpc
  prefix: PROPERTY
  port: 50051
  healthPort: 8091
  uses: [postgresql, nats, otel]
valuation:
  kind: grpc
  prefix: VALUATION
  port: 50052
  healthPort: 8092
  uses: [postgresql, otel]
  data: true
  internet: true
  env: {VALUATION_SALES_CSV: /data/sacramento-sales.csv, VALUATION_HPI_DIR: /data}
  secrets:
    - {env: GOOGLE_MAPS_API_KEY, key: google-maps-api-key, optional: true}
    - {env: RENTCAST_API_KEY, key: rentcast-api-key, optional: true}
media:
  kind: grpc
  prefix: MEDIA
  port: 50053
  healthPort: 8093
  uses: [postgresql, nats, s3, otel]
ai:
  kind: grpc
  prefix: AI
  port: 50054
  healthPort: 8094
  uses: [postgresql, nats, otel]
  data: true
  internet: true
  env: {AI_COST_VS_VALUE_PATH: /data/cost-vs-value.md}
  secrets:
    - {env: OPENAI_API_KEY, key: openai-api-key, optional: true}
neighborhood:
  kind: grpc
  prefix: NEIGHBORHOOD
  port: 50055
  healthPort: 8095
  uses: [postgresql, otel]
  calls: [valuation, ai]
  data: true
  internet: true
  env: {NEIGHBORHOOD_DATA_DIR: /data/neighborhood}
  secrets:
    - {env: GOOGLE_MAPS_API_KEY, key: google-maps-api-key, optional: true}
identity:
  kind: http
  port: 8081
  exposed: true
  readyPath: /.well-known/openid-configuration
  livePath: /.well-known/openid-configuration
  uses: [oidc-issuer]
  env: {IDENTITY_HOST: 0.0.0.0, IDENTITY_PORT: "8081"}
  secrets:
    - {env: IDENTITY_CLIENT_SECRET, key: oidc-client-secret}
shell:
  kind: web
  port: 8080
  route: /
  exposed: true
  uses: [csp]
  secrets:
    - {env: GOOGLE_MAPS_BROWSER_KEY, key: google-maps-browser-key, optional: true}
wizard:
  kind: web
  port: 8080
  route: /remotes/wizard
  exposed: true
dashboard:
  kind: web
  port: 8080
  route: /remotes/dashboard
  exposed: true
listing:
  kind: web
  port: 8080
  route: /remotes/listing
  exposed: true
{{- end -}}

{{/* The components that call others (and so hold a signing key): from the catalog's `calls`. */}}
{{- define "hsa.callers" -}}
{{- $callers := list -}}
{{- range $name, $spec := include "hsa.catalog" . | fromYaml -}}
{{- if $spec.calls -}}{{- $callers = append $callers $name -}}{{- end -}}
{{- end -}}
{{- toJson $callers -}}
{{- end -}}

{{/* The components calling `name`: (list $ "valuation") -> ["gateway","neighborhood"]. */}}
{{- define "hsa.callersOf" -}}
{{- $root := index . 0 -}}
{{- $callee := index . 1 -}}
{{- $callers := list -}}
{{- range $name, $spec := include "hsa.catalog" $root | fromYaml -}}
{{- if has $callee ($spec.calls | default list) -}}{{- $callers = append $callers $name -}}{{- end -}}
{{- end -}}
{{- toJson $callers -}}
{{- end -}}

{{/* The components using a dependency: (list $ "postgresql") -> ["ai","gateway",...]. */}}
{{- define "hsa.usersOf" -}}
{{- $root := index . 0 -}}
{{- $dependency := index . 1 -}}
{{- $users := list -}}
{{- range $name, $spec := include "hsa.catalog" $root | fromYaml -}}
{{- if has $dependency ($spec.uses | default list) -}}{{- $users = append $users $name -}}{{- end -}}
{{- end -}}
{{- toJson $users -}}
{{- end -}}
