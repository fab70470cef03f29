import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startAiService, type RunningAiService } from '@hsa/ai';
import { createIdentityServer } from '@hsa/identity';
import { startMediaService, type RunningMediaService } from '@hsa/media';
import { startEmbeddedS3, type RunningEmbeddedS3 } from '@hsa/media/embedded-s3';
import { startNeighborhoodService, type RunningNeighborhoodService } from '@hsa/neighborhood';
import { startPropertyService, type RunningPropertyService } from '@hsa/property';
import { createLogger } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testInternalAuthEnv, testCallerKey } from '@hsa/service-kit/testing';
import { defaultDataDir, startValuationService, type RunningValuationService } from '@hsa/valuation';
import { loadGatewayConfig, type GatewayConfig } from '../../src/config';
import { startGateway, type GatewayHandle } from '../../src/gateway';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface TestStack {
  publicUrl: string;
  gateway: GatewayHandle;
  property: RunningPropertyService;
  valuation: RunningValuationService;
  config: GatewayConfig;
  /** With `allServices`: the AI, neighborhood and media services and the embedded S3 server. */
  ai?: RunningAiService;
  neighborhood?: RunningNeighborhoodService;
  media?: RunningMediaService;
  s3?: RunningEmbeddedS3;
  /** Restarts the gateway process-equivalent on the same port and database. */
  restartGateway(overrides?: Partial<GatewayConfig>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Identity, property and valuation services and the gateway in this process, on real PostgreSQL and NATS, free ports.
 * `allServices` adds the AI (embedded engines), neighborhood and media services and the embedded S3 server, so every
 * route of the gateway reaches a real service. `extraRedirectUris` registers more sign-in callbacks with identity
 * (e.g. a second gateway, or one behind a TLS proxy).
 */
export async function startTestStack(
  options: { env?: Record<string, string>; webRoot?: string; allServices?: boolean; extraRedirectUris?: string[] } = {},
): Promise<TestStack> {
  const logger = createLogger('gateway-test', 'silent');
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // Ready (200) and signed-in possible: sign-in is optional for readiness, but the tests sign in at once.
  const signInReady = async () => {
    const res = await fetch(`${publicUrl}/readyz`);
    return res.ok && ((await res.json()) as { checks: Record<string, boolean> }).checks.signIn === true;
  };
  const clientId = 'hsa-web';
  const clientSecret = 'test-secret-0123456789';
  const identity = await createIdentityServer({
    clients: [
      {
        clientId,
        clientSecret,
        redirectUris: [`${publicUrl}/api/callback`, ...(options.extraRedirectUris ?? [])],
        postLogoutRedirectUris: [`${publicUrl}/`],
      },
    ],
    logger,
  });
  const propertyDb = uniqueDatabaseName('prop');
  const gatewayDb = uniqueDatabaseName('gw');
  const valuationDb = uniqueDatabaseName('val');
  const property = await startPropertyService(
    { databaseUrl: testServerUrl(), databaseName: propertyDb, grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(), grpcPort: 0, natsUrl: testNatsUrl() },
    { logger, relayIntervalMs: 200 },
  );
  const valuation = await startValuationService(
    {
      databaseUrl: testServerUrl(),
      databaseName: valuationDb,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      salesCsv: `${defaultDataDir}/sacramento-sales.csv`,
      hpiDir: defaultDataDir,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
    },
    { logger },
  );
  const others = options.allServices ? await startOtherServices(logger, valuation.grpcAddress) : undefined;
  const config = loadGatewayConfig({
    ...testInternalAuthEnv(),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: testServerUrl(),
    GATEWAY_DATABASE_NAME: gatewayDb,
    OIDC_ISSUER_URL: identity.issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
    PROPERTY_SERVICE_ADDRESS: property.grpcAddress,
    VALUATION_SERVICE_ADDRESS: valuation.grpcAddress,
    ...(others?.env ?? {}),
    NATS_URL: testNatsUrl(),
    ...(options.webRoot ? { WEB_ROOT: options.webRoot } : {}),
    ...options.env,
  });
  let gateway = await startGateway(config, logger);
  await waitFor(signInReady, 15_000, 'gateway readiness');

  const stack: TestStack = {
    publicUrl,
    gateway,
    property,
    valuation,
    config,
    ...(others?.handles ?? {}),
    restartGateway: async (overrides = {}) => {
      await gateway.close();
      gateway = await startGateway({ ...config, ...overrides }, logger);
      stack.gateway = gateway;
      await waitFor(signInReady, 15_000, 'gateway readiness');
    },
    close: async () => {
      await gateway.close();
      await others?.close();
      await valuation.close();
      await property.close();
      await identity.close();
      await dropDatabase(propertyDb);
      await dropDatabase(gatewayDb);
      await dropDatabase(valuationDb);
    },
  };
  return stack;
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The AI, neighborhood and media services and the embedded S3 server, with the gateway settings that reach them. */
async function startOtherServices(logger: ReturnType<typeof createLogger>, valuationAddress: string) {
  const names = { ai: uniqueDatabaseName('gw_ai'), nbh: uniqueDatabaseName('gw_nbh'), media: uniqueDatabaseName('gw_media') };
  const common = { databaseUrl: testServerUrl(), grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(), grpcPort: 0 };
  const s3Dir = await mkdtemp(path.join(os.tmpdir(), 'hsa-gw-s3-'));
  const credentials = { accessKeyId: 'gw-stack-key', secretAccessKey: 'gw-stack-secret-0123456789' };
  const bucket = 'hsa-gw-stack';
  const s3 = await startEmbeddedS3({ dataDir: s3Dir, credentials, region: 'us-east-1', buckets: [bucket], corsOrigins: ['http://app.test'] });
  const ai = await startAiService(
    {
      ...common,
      databaseName: names.ai,
      natsUrl: testNatsUrl(),
      costVsValuePath: path.join(defaultDataDir, 'cost-vs-value.md'),
      nationalPrice: { medianPrice: 407_500, label: 'US median existing-home sale price, 2024 (NAR)' },
    },
    { logger, relayIntervalMs: 200 },
  );
  const neighborhood = await startNeighborhoodService(
    {
      ...common,
      databaseName: names.nbh,
      valuationAddress,
      aiAddress: ai.grpcAddress,
      callerKey: testCallerKey('neighborhood'),
      dataDir: path.join(defaultDataDir, 'neighborhood'),
      cacheTtlMs: 3_600_000,
      valuationTimeoutMs: 20_000,
      aiTimeoutMs: 20_000,
      dataDir: path.join(defaultDataDir, 'neighborhood'),
      placesProvider: 'open-data',
    },
    { logger },
  );
  const media = await startMediaService(
    {
      ...common,
      databaseName: names.media,
      natsUrl: testNatsUrl(),
      s3: { endpoint: s3.endpoint, region: 'us-east-1', bucket, ...credentials, forcePathStyle: true },
    },
    { logger, relayIntervalMs: 200 },
  );
  return {
    handles: { ai, neighborhood, media, s3 },
    env: {
      AI_SERVICE_ADDRESS: ai.grpcAddress,
      NEIGHBORHOOD_SERVICE_ADDRESS: neighborhood.grpcAddress,
      MEDIA_SERVICE_ADDRESS: media.grpcAddress,
      S3_ENDPOINT: s3.endpoint,
    },
    close: async () => {
      await media.close();
      await neighborhood.close();
      await ai.close();
      await s3.close();
      await rm(s3Dir, { recursive: true, force: true });
      for (const name of Object.values(names)) await dropDatabase(name);
    },
  };
}
