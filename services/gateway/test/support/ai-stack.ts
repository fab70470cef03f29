import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { startAiService, type RunningAiService } from '@hsa/ai';
import { startNeighborhoodService, type RunningNeighborhoodService } from '@hsa/neighborhood';
import { propertyToHomeFacts } from '@hsa/protos';
import { startPropertyService, type RunningPropertyService } from '@hsa/property';
import { createLogger } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testSigner, testCallerKey } from '@hsa/service-kit/testing';
import { startValuationService, type RunningValuationService } from '@hsa/valuation';
import { AiClient } from '../../src/adapters/ai-client';
import { NeighborhoodClient } from '../../src/adapters/neighborhood-client';
import { PropertyClient } from '../../src/adapters/property-client';
import { ValuationClient } from '../../src/adapters/valuation-client';
import { aiRoutes } from '../../src/http/ai-routes';
import { mapRoutes } from '../../src/http/map-routes';
import { apiNotFound, errorHandler } from '../../src/http/errors';
import { noRateLimits } from '../../src/http/rate-limits';
import { startFakeOpenAi, type FakeOpenAi } from '../../../ai/test/support/fake-openai';

/** Header naming the signed-in user in the composed test app (the real gateway takes it from the session). */
export const TEST_USER_HEADER = 'x-test-user';

export interface AiTestStack {
  url: string;
  properties: PropertyClient;
  /** The OpenAI-compatible server the AI service talks to (answers 500 unless a test says otherwise). */
  openAi: FakeOpenAi;
  ai: RunningAiService;
  close(): Promise<void>;
}

/**
 * The real property, valuation, AI and neighborhood services (real PostgreSQL and NATS, the embedded
 * Sacramento sales and neighborhood data) behind a small Express app composed like the gateway's /api: JSON body
 * parser, the AI and map routes wired as the gateway wires them, the API 404 and the gateway's error handler.
 */
export async function startAiTestStack(): Promise<AiTestStack> {
  const logger = createLogger('gateway-ai-test', process.env.LOG_LEVEL ?? 'silent');
  const dataDir = path.resolve(__dirname, '../../../../../shared/data');
  const names = { property: uniqueDatabaseName('gwa_prop'), valuation: uniqueDatabaseName('gwa_val'), ai: uniqueDatabaseName('gwa_ai'), nbh: uniqueDatabaseName('gwa_nbh') };
  const common = { databaseUrl: testServerUrl(), grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(), grpcPort: 0 };

  const openAi = await startFakeOpenAi();
  openAi.respondWith(() => ({ kind: 'error', status: 500, message: 'model offline' }));
  const property: RunningPropertyService = await startPropertyService(
    { ...common, databaseName: names.property, natsUrl: testNatsUrl() },
    { logger, relayIntervalMs: 200 },
  );
  const valuation: RunningValuationService = await startValuationService(
    {
      ...common,
      databaseName: names.valuation,
      salesCsv: path.join(dataDir, 'sacramento-sales.csv'),
      hpiDir: dataDir,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
    },
    { logger },
  );
  const ai = await startAiService(
    {
      ...common,
      databaseName: names.ai,
      natsUrl: testNatsUrl(),
      costVsValuePath: path.join(dataDir, 'cost-vs-value.md'),
      nationalPrice: { medianPrice: 407_500, label: 'US median existing-home sale price, 2024 (NAR)' },
      openAi: { apiKey: 'sk-test', baseUrl: openAi.baseUrl, model: 'fake-model', timeoutMs: 2000, maxRetries: 0 },
    },
    { logger, relayIntervalMs: 200 },
  );
  const neighborhood: RunningNeighborhoodService = await startNeighborhoodService(
    {
      ...common,
      callerKey: testCallerKey('neighborhood'),
      databaseName: names.nbh,
      valuationAddress: valuation.grpcAddress,
      aiAddress: ai.grpcAddress,
      cacheTtlMs: 3_600_000,
      valuationTimeoutMs: 20_000,
      aiTimeoutMs: 20_000,
      dataDir: path.join(dataDir, 'neighborhood'),
      placesProvider: 'open-data',
    },
    { logger },
  );

  const properties = new PropertyClient(testSigner(), property.grpcAddress, 5000);
  const valuationClient = new ValuationClient(testSigner(), valuation.grpcAddress, 20_000);
  const aiClient = new AiClient(testSigner(), ai.grpcAddress, 60_000);
  const neighborhoodClient = new NeighborhoodClient(testSigner(), neighborhood.grpcAddress, 60_000);

  const app = express();
  app.use('/api', express.json({ limit: '1mb' }));
  app.use((req, _res, next) => {
    const id = req.get(TEST_USER_HEADER);
    if (id) req.user = { id, email: `${id}@example.com`, firstName: 'Test', lastName: 'User', profileImageUrl: null };
    next();
  });
  app.use(
    aiRoutes({
      properties,
      ai: aiClient,
      neighborhood: neighborhoodClient,
      comparables: async (p) => (await valuationClient.comparables(propertyToHomeFacts(p))).comparables,
      logger,
      limit: noRateLimits,
    }),
  );
  app.use(mapRoutes({ neighborhood: neighborhoodClient }));
  app.use('/api', apiNotFound);
  app.use(errorHandler(logger));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    properties,
    openAi,
    ai,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const c of [properties, valuationClient, aiClient, neighborhoodClient]) c.close();
      await neighborhood.close();
      await ai.close();
      await valuation.close();
      await property.close();
      await openAi.close();
      for (const name of Object.values(names)) await dropDatabase(name);
    },
  };
}
