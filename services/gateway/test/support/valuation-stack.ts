import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { startPropertyService, type RunningPropertyService } from '@hsa/property';
import { createLogger } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testSigner } from '@hsa/service-kit/testing';
import { startValuationService, type RunningValuationService, type ValuationServiceConfig } from '@hsa/valuation';
import { PropertyClient } from '../../src/adapters/property-client';
import { ValuationClient } from '../../src/adapters/valuation-client';
import { apiNotFound, errorHandler } from '../../src/http/errors';
import { noRateLimits } from '../../src/http/rate-limits';
import { valuationRoutes } from '../../src/http/valuation-routes';

/** Header naming the signed-in user in the composed test app (the real gateway takes it from the session). */
export const TEST_USER_HEADER = 'x-test-user';

export interface ValuationTestStack {
  url: string;
  property: RunningPropertyService;
  valuation: RunningValuationService;
  properties: PropertyClient;
  close(): Promise<void>;
}

/**
 * The real property and valuation services (real PostgreSQL and NATS, the embedded Sacramento data unless
 * `providers` configures others) behind
 * a small Express app composed like the gateway's /api: JSON body parser, the valuation routes, the API
 * 404 and the gateway's error handler. The signed-in user comes from a test header; the app trusts
 * X-Forwarded-For so tests can act as different client IPs.
 */
export async function startValuationTestStack(
  providers: Pick<Partial<ValuationServiceConfig>, 'addressProvider' | 'propertyDataProvider' | 'google' | 'rentcast' | 'providerCalls'> = {},
): Promise<ValuationTestStack> {
  const logger = createLogger('gateway-valuation-test', process.env.LOG_LEVEL ?? 'silent');
  const propertyDb = uniqueDatabaseName('gwv_prop');
  const valuationDb = uniqueDatabaseName('gwv_val');
  const property = await startPropertyService(
    { databaseUrl: testServerUrl(), databaseName: propertyDb, grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(), grpcPort: 0, natsUrl: testNatsUrl() },
    { logger, relayIntervalMs: 200 },
  );
  const dataDir = path.resolve(__dirname, '../../../../../shared/data');
  const valuation = await startValuationService(
    {
      databaseUrl: testServerUrl(),
      databaseName: valuationDb,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      salesCsv: path.join(dataDir, 'sacramento-sales.csv'),
      hpiDir: dataDir,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
      ...providers,
    },
    { logger },
  );
  const properties = new PropertyClient(testSigner(), property.grpcAddress, 5000);
  const valuationClient = new ValuationClient(testSigner(), valuation.grpcAddress, 10_000);

  const app = express();
  app.set('trust proxy', true);
  app.use('/api', express.json({ limit: '1mb' }));
  app.use((req, _res, next) => {
    const id = req.get(TEST_USER_HEADER);
    if (id) req.user = { id, email: `${id}@example.com`, firstName: 'Test', lastName: 'User', profileImageUrl: null };
    next();
  });
  app.use(
    valuationRoutes({ valuation: valuationClient, properties, limit: noRateLimits }),
  );
  app.use('/api', apiNotFound);
  app.use(errorHandler(logger));

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    property,
    valuation,
    properties,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      valuationClient.close();
      properties.close();
      await valuation.close();
      await property.close();
      await dropDatabase(propertyDb);
      await dropDatabase(valuationDb);
    },
  };
}
