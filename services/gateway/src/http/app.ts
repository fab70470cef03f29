import express, { type RequestHandler } from 'express';
import passport from 'passport';
import type { Logger } from 'pino';
import { healthMiddleware, type ReadinessCheck } from '@hsa/service-kit';
import type { OidcSignIn } from '../adapters/oidc';
import type { PropertyClient } from '../adapters/property-client';
import type { EventHub } from '../domain/event-hub';
import { authRoutes } from './auth-routes';
import { apiNotFound, errorHandler, requireSameOrigin } from './errors';
import { configRoutes } from './config-routes';
import { eventsRoute } from './events-route';
import { propertyRoutes } from './property-routes';
import { absoluteTimeout } from './sessions';
import type { SessionUser } from './session-user';
import { staticRoutes } from './static-routes';
import { mediaRoutes, type MediaRoutesDependencies } from './media-routes';
import { valuationRoutes, type ValuationRoutesDependencies } from './valuation-routes';
import { aiRoutes, type AiRoutesDependencies } from './ai-routes';

export interface AppDependencies {
  logger: Logger;
  publicUrl: string;
  allowedOrigins: ReadonlySet<string>;
  trustProxy: boolean;
  session: RequestHandler;
  absoluteTimeoutMs: number;
  oidc: OidcSignIn;
  clientId: string;
  properties: PropertyClient;
  valuation: ValuationRoutesDependencies['valuation'];
  /** The AI service, the neighborhood service and the optional facts sources of the AI routes. */
  ai: Omit<AiRoutesDependencies, 'properties' | 'logger'>;
  media: MediaRoutesDependencies['media'];
  autocompleteRateLimit?: ValuationRoutesDependencies['autocompleteRateLimit'];
  hub: EventHub;
  readiness: Record<string, ReadinessCheck>;
  /** Reported by /readyz without gating it (live events degrade, nothing else does). */
  informational: Record<string, ReadinessCheck>;
  webRoot: string;
  googleMapsBrowserKey?: string | undefined;
  remotesManifest?: string | undefined;
}

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  });
  next();
};

passport.serializeUser<SessionUser>((user, done) => done(null, user));
passport.deserializeUser<SessionUser>((user, done) => done(null, user));

export function createApp(deps: AppDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  if (deps.trustProxy) app.set('trust proxy', 1);

  app.use(healthMiddleware(deps.readiness, { informational: deps.informational }));
  app.use(securityHeaders);
  app.use('/api', requireSameOrigin(deps.allowedOrigins));
  app.use('/api', deps.session, passport.initialize(), passport.session(), absoluteTimeout(deps.absoluteTimeoutMs));
  app.use('/api', express.json({ limit: '1mb' }));

  app.use(authRoutes({ oidc: deps.oidc, publicUrl: deps.publicUrl, clientId: deps.clientId, logger: deps.logger }));
  // Before propertyRoutes, which requires a user on every /api/properties path (lookup and demo comparables are anonymous).
  app.use(
    valuationRoutes({
      valuation: deps.valuation,
      properties: deps.properties,
      ...(deps.autocompleteRateLimit ? { autocompleteRateLimit: deps.autocompleteRateLimit } : {}),
    }),
  );
  app.use(mediaRoutes({ media: deps.media, properties: deps.properties }));
  app.use(aiRoutes({ ...deps.ai, properties: deps.properties, logger: deps.logger }));
  app.use(propertyRoutes(deps.properties));
  app.use(eventsRoute(deps.hub));
  app.use(configRoutes({ googleMapsApiKey: deps.googleMapsBrowserKey }));
  app.use('/api', apiNotFound);

  app.use(staticRoutes({ webRoot: deps.webRoot, manifestOverride: deps.remotesManifest }));
  app.use(errorHandler(deps.logger));
  return app;
}
