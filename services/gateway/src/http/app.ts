import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { healthMiddleware, httpServerSpans, type ReadinessChecks } from '@hsa/service-kit';
import type { OidcSignIn } from '../adapters/oidc';
import type { PropertyClient } from '../adapters/property-client';
import type { EventHub } from '../domain/event-hub';
import type { TrustedProxies } from '../domain/trusted-proxies';
import { accessLog } from './access-log';
import { authRoutes } from './auth-routes';
import { apiNotFound, errorHandler, requireSameOrigin } from './errors';
import { configRoutes } from './config-routes';
import { eventsRoute } from './events-route';
import type { PendingSignInCookie } from './pending-sign-in';
import { propertyRoutes } from './property-routes';
import type { RateLimiting } from './rate-limits';
import { apiSecurityHeaders, securityHeaders, type SecurityHeaderOptions } from '@hsa/web-server';
import { absoluteTimeout, renewSession, sessionUser } from './sessions';
import { staticRoutes } from './static-routes';
import { mediaRoutes, type MediaRoutesDependencies } from './media-routes';
import { valuationRoutes, type ValuationRoutesDependencies } from './valuation-routes';
import { aiRoutes, type AiRoutesDependencies } from './ai-routes';
import { mapRoutes, type MapRoutesDependencies } from './map-routes';

export interface AppDependencies {
  logger: Logger;
  publicUrl: string;
  allowedOrigins: ReadonlySet<string>;
  /** The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (Express's "trust proxy"). */
  trustedProxies: TrustedProxies;
  session: RequestHandler;
  absoluteTimeoutMs: number;
  oidc: OidcSignIn;
  pendingSignIn: PendingSignInCookie;
  /** Per-user and per-client limits: `limit(class)` for a route, `writes` for every state-changing call. */
  rateLimits: { limit: RateLimiting; writes: RequestHandler };
  /** What the Content-Security-Policy must allow besides the product's own origin. */
  contentSources: Omit<SecurityHeaderOptions, 'publicUrl' | 'remotesManifest' | 'googleMaps'>;
  properties: PropertyClient;
  valuation: ValuationRoutesDependencies['valuation'];
  /** The AI service, the neighborhood service and the optional facts sources of the AI routes. */
  ai: Omit<AiRoutesDependencies, 'properties' | 'logger' | 'limit'>;
  media: MediaRoutesDependencies['media'];
  /** The map layers (public data, from the neighborhood service). */
  map: MapRoutesDependencies['neighborhood'];
  hub: EventHub;
  /** Every dependency /readyz reports: required ones fail it (503), optional ones make it `degraded` (200). */
  readiness: ReadinessChecks;
  /** The folder holding shell/dist and <remote>/dist; empty: no static hosting (API only). */
  webRoot: string;
  googleMapsBrowserKey?: string | undefined;
  googleMapsMapId?: string | undefined;
  remotesManifest?: string | undefined;
}

export function createApp(deps: AppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustedProxies);
  const { limit } = deps.rateLimits;

  app.use(httpServerSpans());
  app.use(accessLog(deps.logger));
  app.use(healthMiddleware(deps.readiness));
  app.use(
    pageOrApiHeaders(
      securityHeaders({
        publicUrl: deps.publicUrl,
        ...deps.contentSources,
        remotesManifest: deps.remotesManifest,
        googleMaps: !!deps.googleMapsBrowserKey?.trim(),
      }),
      apiSecurityHeaders({ publicUrl: deps.publicUrl, ...deps.contentSources }),
    ),
  );
  app.use('/api', requireSameOrigin(deps.allowedOrigins));
  // Public map data: no session is read or written for it (many small cacheable requests).
  app.use(mapRoutes({ neighborhood: deps.map }));
  app.use('/api', deps.session, sessionUser, absoluteTimeout(deps.absoluteTimeoutMs), renewSession());
  app.use('/api', deps.rateLimits.writes);
  app.use('/api', express.json({ limit: '1mb' }));

  app.use(
    authRoutes({
      oidc: deps.oidc,
      pendingSignIn: deps.pendingSignIn,
      publicUrl: deps.publicUrl,
      allowedOrigins: deps.allowedOrigins,
      logger: deps.logger,
    }),
  );
  // Before propertyRoutes, which requires a user on every /api/properties path (lookup and demo comparables are anonymous).
  app.use(valuationRoutes({ valuation: deps.valuation, properties: deps.properties, limit }));
  app.use(mediaRoutes({ media: deps.media, properties: deps.properties, limit }));
  app.use(aiRoutes({ ...deps.ai, properties: deps.properties, logger: deps.logger, limit }));
  app.use(propertyRoutes(deps.properties, limit));
  app.use(eventsRoute(deps.hub));
  app.use(configRoutes({ googleMapsApiKey: deps.googleMapsBrowserKey, googleMapsMapId: deps.googleMapsMapId, logger: deps.logger }));
  app.use('/api', apiNotFound);

  // An empty WEB_ROOT (the gateway's image) serves the API only: the web images serve the front end.
  if (deps.webRoot) app.use(staticRoutes({ webRoot: deps.webRoot, manifestOverride: deps.remotesManifest }));
  app.use(errorHandler(deps.logger));
  return app;
}

/** The page's security headers for the front end it serves, the API's (apiSecurityHeaders) under /api. */
function pageOrApiHeaders(page: RequestHandler, api: RequestHandler): RequestHandler {
  return (req, res, next) => (req.path === '/api' || req.path.startsWith('/api/') ? api : page)(req, res, next);
}
