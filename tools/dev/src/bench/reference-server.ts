/**
 * The bench's in-process reference: a bare node:http server doing the same work as the product for each measured
 * call, without the hops. Autocomplete and lookup call the valuation service's own operations (an instance started
 * in this process over the bench's valuation database: same sales, same trained model); the active-property list
 * reads the same rows with the property service's repository. Each answer is mapped to the API's JSON with the
 * same mappers the gateway uses, so the bodies match the gateway's byte for byte.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createLogger, openDatabase, type Database } from '@hsa/service-kit';
import { withholdEstimate } from '@hsa/contracts';
import { lookupResponseToApi, predictionMessageToApi, propertyMessageToApi, type LookupResponseMessage } from '@hsa/protos';
import { migrationsFolder as propertyMigrations, PropertyRepository, toPropertyMessage } from '@hsa/property';
import { readValuationConfig, startValuationService, toLookupResponse, type RunningValuationService } from '@hsa/valuation';

export interface ReferenceServer {
  port: number;
  /** Its process (forkReference), whose CPU time the bench reads. */
  pid?: number | undefined;
  close(): Promise<void>;
}

export interface ReferenceOptions {
  /** The environment the stack gave the valuation service (its database, its data files). */
  valuationEnv: NodeJS.ProcessEnv;
  databaseUrl: string;
  propertyDatabase: string;
  /** Whose properties the list reads (the gateway answers it for the signed-in owner). */
  ownerId: string;
}

export async function startReferenceServer(options: ReferenceOptions): Promise<ReferenceServer> {
  const logger = createLogger('bench-reference', 'warn');
  const valuation: RunningValuationService = await startValuationService(
    // Ports 0: this instance's gRPC and health servers are not used, only its operations.
    readValuationConfig({ ...options.valuationEnv, VALUATION_GRPC_PORT: '0', VALUATION_HEALTH_PORT: '0', LOG_LEVEL: 'warn' }),
    { logger },
  );
  let propertyDb: Database | undefined;
  try {
    propertyDb = await openDatabase({ serverUrl: options.databaseUrl, name: options.propertyDatabase, migrationsFolder: propertyMigrations, logger });
  } catch (err) {
    await valuation.close();
    throw err;
  }
  const repository = new PropertyRepository(propertyDb.db);
  const { operations } = valuation;

  const answer = async (req: http.IncomingMessage, body: string): Promise<unknown> => {
    const url = new URL(req.url ?? '/', 'http://reference');
    if (url.pathname === '/api/address-autocomplete') {
      const result = await operations.autocomplete(url.searchParams.get('input') ?? '');
      return { success: true, predictions: result.predictions.map(predictionMessageToApi), dataSource: result.dataSource };
    }
    if (url.pathname === '/api/properties/lookup') {
      const { address } = JSON.parse(body) as { address: string };
      // The message as built in the service, read as the gateway reads it off the wire (the bodies are compared).
      const message = toLookupResponse(await operations.lookup(address), operations.data.dataSource) as LookupResponseMessage;
      // The bench's lookups are anonymous (the landing page's): the gateway withholds the estimate from them.
      return withholdEstimate(lookupResponseToApi(message));
    }
    if (url.pathname === '/api/user/properties/active') {
      const records = await repository.list(options.ownerId, 'active');
      return records.map(toPropertyMessage).map(propertyMessageToApi);
    }
    return undefined;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      answer(req, Buffer.concat(chunks).toString('utf8')).then(
        (value) => {
          if (value === undefined) return void res.writeHead(404).end();
          const json = JSON.stringify(value);
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
          res.end(json);
        },
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await propertyDb.close();
      await valuation.close();
    },
  };
}

/** Starts the reference in a child process (reference-main.ts); `close` ends it. */
export function forkReference(options: ReferenceOptions): Promise<ReferenceServer> {
  const child = fork(path.join(__dirname, 'reference-main.js'), [], { env: { ...process.env, BENCH_REFERENCE: JSON.stringify(options) }, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The reference server exited (${code}) before it was ready`)));
    child.once('message', (message: { port: number }) => {
      child.removeAllListeners('exit');
      resolve({
        port: message.port,
        pid: child.pid,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.disconnect();
          }),
      });
    });
  });
}
