import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadAiProto } from '@hsa/protos';
import {
  Cleanups,
  createLogger,
  openDatabase,
  serveGrpc,
  startEventOutbox,
  type Database,
  type EventBus,
  type Logger,
  type ServingEndpoints,
  type OutboxRelay,
  InternalTokenVerifier,
  optionalCheck,
} from '@hsa/service-kit';
import { AiRepository } from './adapters/db/ai-repository';
import { openAiEngine } from './adapters/openai-engine';
import type { AiServiceConfig } from './config';
import { parseCostVsValue, type CostValueReference } from './domain/cost-vs-value';
import { embeddedEngine } from './domain/embedded-engine';
import { withFallback, type TextEngine } from './domain/engines';
import { defaultRecommendationSettings, type RecommendationSettings } from './domain/recommendations';
import { aiServiceHandlers } from './grpc/ai-handlers';

/** The gRPC service name reported by the health service. */
export const AI_SERVICE_NAME = 'ai.v1.AiService';

/** Committed SQL migrations (one level above both src/ and dist/). */
export const migrationsFolder = path.resolve(__dirname, '..', 'migrations');

export interface AiServiceOptions {
  logger?: Logger;
  relayIntervalMs?: number;
  /** The year ages are counted to (tests pin it). */
  currentYear?: () => number;
}

export interface RunningAiService extends ServingEndpoints {
  database: Database;
  bus: EventBus;
  relay: OutboxRelay;
  engine: TextEngine;
  reference: CostValueReference;
  logger: Logger;
  close(): Promise<void>;
}

/** Reads and parses the cost-versus-value document; a document without figures is a start-up error. */
export function loadCostVsValue(file: string): CostValueReference {
  const reference = parseCostVsValue(readFileSync(file, 'utf8'));
  if (reference.projects.length === 0) throw new Error(`No cost-versus-value figures found in ${file}`);
  return reference;
}

/** The engine the configuration asks for: the model with the embedded engine behind it, or the embedded engine. */
export function createEngine(
  config: Pick<AiServiceConfig, 'openAi' | 'nationalPrice'>,
  reference: CostValueReference,
  logger: Logger,
  currentYear: () => number = () => new Date().getUTCFullYear(),
): TextEngine {
  const settings = (): RecommendationSettings => ({
    ...defaultRecommendationSettings,
    nationalPrice: config.nationalPrice,
    currentYear: currentYear(),
  });
  const embedded = embeddedEngine(reference, settings);
  if (!config.openAi) return embedded;
  return withFallback(openAiEngine(config.openAi, reference, settings), embedded, logger);
}

/**
 * Starts the AI service in this process: the published figures, the engine, database (created and
 * migrated), event bus, outbox relay, gRPC server with health, and the HTTP health server.
 */
export async function startAiService(config: AiServiceConfig, options: AiServiceOptions = {}): Promise<RunningAiService> {
  const logger = options.logger ?? createLogger('ai', config.logLevel);
  const cleanups = new Cleanups(logger);
  const close = () => cleanups.run();

  try {
    const reference = loadCostVsValue(config.costVsValuePath);
    const engine = createEngine(config, reference, logger, options.currentYear);
    logger.info(
      {
        projects: reference.projects.length,
        engine: config.openAi ? `openai (${config.openAi.model}) with embedded fall-back` : 'embedded',
        ...(config.openAi
          ? { temperature: config.openAi.temperature ?? 'auto', timeoutMs: config.openAi.timeoutMs, unbilledRetries: config.openAi.maxRetries }
          : {}),
      },
      'text engine ready',
    );

    const database = await openDatabase({ serverUrl: config.databaseUrl, name: config.databaseName, migrationsFolder, logger });
    cleanups.push(() => database.close());
    const { bus, relay } = startEventOutbox({ name: 'ai', natsUrl: config.natsUrl, database, logger, cleanups, relayIntervalMs: options.relayIntervalMs });

    const endpoints = await serveGrpc({
      host: config.grpcHost,
      auth: new InternalTokenVerifier(config.trustedCallerKeys, 'ai'),
      port: config.grpcPort,
      healthPort: config.healthPort,
      services: [
        {
          name: AI_SERVICE_NAME,
          definition: loadAiProto().AiService.service,
          handlers: aiServiceHandlers(new AiRepository(database.db), engine, logger),
        },
      ],
      readiness: {
        database: async () => (await database.pool.query('select 1')).rowCount === 1,
        // Events wait in the outbox while NATS is down and go out once it is back: reported as degraded, not failing.
        nats: optionalCheck(() => bus.connected),
      },
      logger,
      cleanups,
    });
    return {
      ...endpoints,
      database,
      bus,
      relay,
      engine,
      reference,
      logger,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
