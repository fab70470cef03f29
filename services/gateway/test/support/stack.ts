import net from 'node:net';
import { createIdentityServer } from '@hsa/identity';
import { startPropertyService, type RunningPropertyService } from '@hsa/property';
import { createLogger } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName } from '@hsa/service-kit/testing';
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
  /** Restarts the gateway process-equivalent on the same port and database. */
  restartGateway(overrides?: Partial<GatewayConfig>): Promise<void>;
  close(): Promise<void>;
}

/** Identity, property and valuation services and the gateway in this process, on real PostgreSQL and NATS, free ports. */
export async function startTestStack(options: { env?: Record<string, string>; webRoot?: string } = {}): Promise<TestStack> {
  const logger = createLogger('gateway-test', 'silent');
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const clientId = 'hsa-web';
  const clientSecret = 'test-secret-0123456789';
  const identity = await createIdentityServer({
    clients: [{ clientId, clientSecret, redirectUris: [`${publicUrl}/api/callback`], postLogoutRedirectUris: [`${publicUrl}/`] }],
    logger,
  });
  const propertyDb = uniqueDatabaseName('prop');
  const gatewayDb = uniqueDatabaseName('gw');
  const valuationDb = uniqueDatabaseName('val');
  const property = await startPropertyService(
    { databaseUrl: testServerUrl(), databaseName: propertyDb, grpcHost: '127.0.0.1', grpcPort: 0, natsUrl: testNatsUrl() },
    { logger, relayIntervalMs: 200 },
  );
  const valuation = await startValuationService(
    {
      databaseUrl: testServerUrl(),
      databaseName: valuationDb,
      grpcHost: '127.0.0.1',
      grpcPort: 0,
      salesCsv: `${defaultDataDir}/sacramento-sales.csv`,
      hpiDir: defaultDataDir,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
    },
    { logger },
  );
  const config = loadGatewayConfig({
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
    NATS_URL: testNatsUrl(),
    ...(options.webRoot ? { WEB_ROOT: options.webRoot } : {}),
    ...options.env,
  });
  let gateway = await startGateway(config, logger);
  await waitFor(async () => (await fetch(`${publicUrl}/readyz`)).ok, 15_000, 'gateway readiness');

  const stack: TestStack = {
    publicUrl,
    gateway,
    property,
    valuation,
    config,
    restartGateway: async (overrides = {}) => {
      await gateway.close();
      gateway = await startGateway({ ...config, ...overrides }, logger);
      stack.gateway = gateway;
      await waitFor(async () => (await fetch(`${publicUrl}/readyz`)).ok, 15_000, 'gateway readiness');
    },
    close: async () => {
      await gateway.close();
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
