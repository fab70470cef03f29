import express, { type RequestHandler } from 'express';
import passport from 'passport';
import type { Logger } from 'pino';
import { healthMiddleware, type ReadinessCheck } from '@hsa/service-kit';
import type { OidcSignIn } from '../adapters/oidc';
import type { PropertyClient } from '../adapters/property-client';
import type { EventHub } from '../domain/event-hub';
import { authRoutes } from './auth-routes';
import { apiNotFound, errorHandler, requireSameOrigin } from './errors';
import { eventsRoute } from './events-route';
import { propertyRoutes } from './property-routes';
import { absoluteTimeout } from './sessions';
import type { SessionUser } from './session-user';
import { staticRoutes } from './static-routes';

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
  hub: EventHub;
  readiness: Record<string, ReadinessCheck>;
  /** Reported by /readyz without gating it (live events degrade, nothing else does). */
  informational: Record<string, ReadinessCheck>;
  webRoot: string;
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
  app.use(propertyRoutes(deps.properties));
  app.use(eventsRoute(deps.hub));
  app.use('/api', apiNotFound);

  app.use(staticRoutes({ webRoot: deps.webRoot, manifestOverride: deps.remotesManifest }));
  app.use(errorHandler(deps.logger));
  return app;
}
