import path from 'node:path';
import { readFileSync } from 'node:fs';
import { loadValuationProto, type ValuationServiceClient } from '@hsa/protos';
import { createClient, createLogger, type Logger } from '@hsa/service-kit';
import { dropDatabase, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testClientAuth } from '@hsa/service-kit/testing';
import { defaultDataDir, startValuationService, type RunningValuationService, type ValuationServiceConfig } from '../src';
import { readSacramentoSales } from '../src/domain/market/sacramento-reader';
import { saleIds, type SaleRecord } from '../src/domain/market/sale-record';

export const testLogger = (): Logger => createLogger('valuation-test', process.env.LOG_LEVEL ?? 'silent');

export const sacramentoCsv = path.join(defaultDataDir, 'sacramento-sales.csv');

/** The Sacramento sales as the importer reads them (no database). */
export function sacramentoRecords(): SaleRecord[] {
  const { records } = readSacramentoSales(readFileSync(sacramentoCsv, 'utf8'));
  const ids = saleIds(records, 'sale');
  return records.map((r, i) => ({ ...r, id: ids[i]! }));
}

export interface TestValuation {
  service: RunningValuationService;
  client: ValuationServiceClient;
  databaseName: string;
  stop(): Promise<void>;
}

/** The real service on free ports with its own throwaway database (dropped on stop unless kept). */
export async function startTestValuation(
  overrides: Partial<ValuationServiceConfig> = {},
  options: { keepDatabase?: boolean } = {},
): Promise<TestValuation> {
  const databaseName = overrides.databaseName ?? uniqueDatabaseName('valuation');
  const service = await startValuationService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      healthPort: 0,
      salesCsv: sacramentoCsv,
      hpiDir: defaultDataDir,
      addressProvider: 'open-data',
      propertyDataProvider: 'open-data',
      ...overrides,
    },
    { logger: testLogger() },
  );
  const client = createClient(loadValuationProto().ValuationService, service.grpcAddress, testClientAuth('valuation'));
  return {
    service,
    client,
    databaseName,
    stop: async () => {
      client.close();
      await service.close();
      if (!options.keepDatabase) await dropDatabase(databaseName);
    },
  };
}

export { dropDatabase };

/** Percentile (0..100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
