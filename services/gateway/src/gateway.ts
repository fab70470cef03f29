import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import { createLogger, EventBus, InternalTokenSigner, observeReadiness, openDatabase, optionalCheck, type Logger, type ReadinessChecks } from '@hsa/service-kit';
import { OidcSignIn } from './adapters/oidc';
import { MediaClient } from './adapters/media-client';
import { PropertyClient } from './adapters/property-client';
import { ValuationClient } from './adapters/valuation-client';
import { propertyToHomeFacts } from '@hsa/protos';
import { AiClient } from './adapters/ai-client';
import { NeighborhoodClient } from './adapters/neighborhood-client';
import { NatsSessionEndings } from './adapters/session-endings';
import type { GatewayConfig } from './config';
import { EventHub } from './domain/event-hub';
import { createApp } from './http/app';
import { PendingSignInCookie } from './http/pending-sign-in';
import { RateLimits } from './http/rate-limits';
import { sessionMiddleware } from './http/sessions';

export interface GatewayHandle {
  url: string;
  port: number;
  hub: EventHub;
  /** The Express application (its route table is what the security tests enumerate). */
  app: Express;
  close(): Promise<void>;
}

/** Wires the gateway's adapters and starts its HTTP server. Used by main.ts and by tests. */
export async function startGateway(config: GatewayConfig, logger: Logger = createLogger('gateway')): Promise<GatewayHandle> {
  const database = await openDatabase({
    serverUrl: config.DATABASE_URL,
    name: config.GATEWAY_DATABASE_NAME,
    migrationsFolder: path.resolve(__dirname, '../migrations'),
    logger,
    poolSize: 5,
  });
  const signer = new InternalTokenSigner(config.INTERNAL_AUTH_PRIVATE_KEY, 'gateway');
  const properties = new PropertyClient(signer, config.PROPERTY_SERVICE_ADDRESS, config.GRPC_TIMEOUT_MS);
  const valuation = new ValuationClient(signer, config.VALUATION_SERVICE_ADDRESS, config.GRPC_TIMEOUT_MS);
  const ai = new AiClient(signer, config.AI_SERVICE_ADDRESS, config.AI_TIMEOUT_MS);
  const neighborhood = new NeighborhoodClient(signer, config.NEIGHBORHOOD_SERVICE_ADDRESS, config.AI_TIMEOUT_MS, config.GRPC_TIMEOUT_MS);
  const media = new MediaClient(signer, config.MEDIA_SERVICE_ADDRESS, config.GRPC_TIMEOUT_MS);
  const oidc = new OidcSignIn(
    {
      issuerUrl: config.OIDC_ISSUER_URL,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      callbackUrl: `${config.publicUrl}/api/callback`,
    },
    logger,
  );
  void oidc.start();
  const bus = new EventBus(config.NATS_URL, logger, 'gateway');
  const hub = new EventHub();
  const subscription = bus.subscribeNew((event) => {
    hub.publish(event);
  });
  const sessionEndings = new NatsSessionEndings(bus, logger);

  const readiness: ReadinessChecks = {
    // Sessions and every saved property: nothing works without them.
    database: () => database.db.execute(sql`select 1`).then(() => true),
    propertyService: () => properties.ready(),
    // Without the identity provider's discovery document nobody can sign in or out, but existing sessions go on.
    signIn: optionalCheck(() => oidc.ready),
    // Live updates stop while NATS is down; the pages still load and save (the services' outboxes keep the events).
    liveEvents: optionalCheck(() => bus.connected),
    // Each backs one feature (estimates, AI, map layers, photos); the rest of the application works without it.
    valuationService: optionalCheck(() => valuation.ready()),
    aiService: optionalCheck(() => ai.ready()),
    neighborhoodService: optionalCheck(() => neighborhood.ready()),
    mediaService: optionalCheck(() => media.ready()),
  };
  const stopReadinessMetrics = observeReadiness(readiness);

  const secure = config.publicUrl.startsWith('https://');
  const allowedOrigins = new Set([
    new URL(config.publicUrl).origin,
    ...config.ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
  ]);
  const rateLimits = new RateLimits(database.pool, config.RATE_LIMITS);
  const app = createApp({
    logger,
    publicUrl: config.publicUrl,
    allowedOrigins,
    trustedProxies: config.TRUST_PROXY,
    session: sessionMiddleware({
      pool: database.pool,
      secret: config.SESSION_SECRET,
      secureCookie: secure,
      idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      readCacheMs: config.SESSION_READ_CACHE_MS,
      endings: sessionEndings,
      // The sign-in callback (auth-routes.ts) is the only place a session begins.
      startsAt: ['/api/callback'],
    }),
    absoluteTimeoutMs: config.SESSION_ABSOLUTE_TIMEOUT_MINUTES * 60_000,
    oidc,
    pendingSignIn: new PendingSignInCookie(config.SESSION_SECRET, secure),
    rateLimits: { limit: rateLimits.limit, writes: rateLimits.writes() },
    contentSources: { objectStoreUrl: config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT, issuerUrl: config.OIDC_ISSUER_URL },
    properties,
    valuation,
    ai: {
      ai,
      neighborhood,
      comparables: async (property) => (await valuation.comparables(propertyToHomeFacts(property))).comparables,
      photoRoomTypes: async (userId, propertyId) => (await media.list(userId, propertyId)).map((photo) => photo.roomType),
    },
    media,
    map: neighborhood,
    hub,
    readiness,
    webRoot: config.WEB_ROOT,
    googleMapsBrowserKey: config.GOOGLE_MAPS_BROWSER_KEY,
    googleMapsMapId: config.GOOGLE_MAPS_MAP_ID,
    remotesManifest: config.REMOTES_MANIFEST,
  });

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, publicUrl: config.publicUrl }, 'gateway listening');

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hub,
    app,
    close: async () => {
      stopReadinessMetrics();
      oidc.stop();
      await subscription.stop();
      await sessionEndings.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      properties.close();
      valuation.close();
      ai.close();
      neighborhood.close();
      media.close();
      await bus.close();
      await database.close();
    },
  };
}
