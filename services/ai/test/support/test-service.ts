import { loadAiProto, type AiServiceClient } from '@hsa/protos';
import { createClient } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testClientAuth } from '@hsa/service-kit/testing';
import { startAiService, type AiServiceConfig, type RunningAiService } from '../../src';
import { costVsValuePath, nationalPrice, testLogger } from '../helpers';

export interface TestAiService {
  service: RunningAiService;
  client: AiServiceClient;
  stop(): Promise<void>;
}

/** The real AI service on free ports with its own throwaway database (dropped on stop). */
export async function startTestAiService(overrides: Partial<AiServiceConfig> = {}): Promise<TestAiService> {
  const databaseName = uniqueDatabaseName('ai');
  const service = await startAiService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      healthPort: 0,
      natsUrl: testNatsUrl(),
      costVsValuePath,
      nationalPrice,
      ...overrides,
    },
    { logger: testLogger(), relayIntervalMs: 200, currentYear: () => 2026 },
  );
  const client = createClient(loadAiProto().AiService, service.grpcAddress, testClientAuth('ai'));
  return {
    service,
    client,
    stop: async () => {
      client.close();
      await service.close();
      await dropDatabase(databaseName);
    },
  };
}
