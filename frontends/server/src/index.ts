export { apiSecurityHeaders, securityHeaders, PERMISSIONS_POLICY, type SecurityHeaderOptions } from './security-headers';
export { staticFiles, cacheControlFor, IMMUTABLE, REVALIDATE } from './static-files';
export { shellFallback } from './spa-fallback';
export { remotesManifestRoute, defaultRemotesManifest, parseRemotesManifest } from './remotes-manifest';
export { corsFor, parseCorsOrigins } from './cors';
export { readWebServerConfig, normalizeBasePath, type WebServerConfig, type WebApp } from './config';
export { createWebApp, type WebServerState } from './app';
export { startWebServer, type WebServerHandle } from './server';
