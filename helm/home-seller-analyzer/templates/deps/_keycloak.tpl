{{/* Keycloak's build options (the build initContainer and `start --optimized` must agree on them); several
     replicas share their caches over JGroups (DNS_PING through the headless Service). */}}
{{- define "hsa.keycloak.buildEnv" -}}
- {name: KC_DB, value: postgres}
- {name: KC_HEALTH_ENABLED, value: "true"}
- {name: KC_HTTP_RELATIVE_PATH, value: /auth}
{{- if gt (int .Values.keycloak.replicas) 1 }}
- {name: KC_CACHE, value: ispn}
- {name: KC_CACHE_STACK, value: kubernetes}
{{- else }}
- {name: KC_CACHE, value: local}
{{- end }}
{{- end -}}

{{/* The realm: the product's confidential client hsa-web (authorization code flow with PKCE S256 only), its
     redirect and post-logout URIs on the public URL. */}}
{{- define "hsa.keycloak.realm" -}}
{{- $public := include "hsa.publicUrl" . -}}
{{- $realm := dict
  "realm" .Values.keycloak.realm
  "enabled" true
  "sslRequired" (ternary "external" "none" (hasPrefix "https://" $public))
  "registrationAllowed" .Values.keycloak.registrationAllowed
  "loginWithEmailAllowed" true
  "duplicateEmailsAllowed" false
  "resetPasswordAllowed" true
  "bruteForceProtected" true
  "clients" (list (dict
    "clientId" .Values.oidc.clientId
    "name" "Home seller analyzer"
    "enabled" true
    "protocol" "openid-connect"
    "publicClient" false
    "clientAuthenticatorType" "client-secret"
    "secret" "${HSA_WEB_CLIENT_SECRET}"
    "standardFlowEnabled" true
    "implicitFlowEnabled" false
    "directAccessGrantsEnabled" false
    "serviceAccountsEnabled" false
    "frontchannelLogout" true
    "rootUrl" $public
    "baseUrl" "/"
    "redirectUris" (list (printf "%s/api/callback" $public))
    "webOrigins" (list $public)
    "attributes" (dict
      "pkce.code.challenge.method" "S256"
      "post.logout.redirect.uris" (printf "%s/" $public))))
-}}
{{- toPrettyJson $realm -}}
{{- end -}}
