import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { domainEventSchema, eventStreamName, type DomainEvent } from '@hsa/contracts';
import { loadPropertyProto, type PropertyFields, type PropertyServiceClient } from '@hsa/protos';
import { createClient, createLogger, type Logger } from '@hsa/service-kit';
import { dropDatabase, testNatsUrl, testServerUrl, uniqueDatabaseName, testTrustedCallerKeys, testClientAuth } from '@hsa/service-kit/testing';
import { startPropertyService, type PropertyServiceConfig, type RunningPropertyService } from '../src';

export const testLogger = (): Logger => createLogger('property-test', process.env.LOG_LEVEL ?? 'silent');

export interface TestService {
  service: RunningPropertyService;
  client: PropertyServiceClient;
  databaseName: string;
  /** Stops the service; the database stays (drop it with dropDatabase). */
  stop(): Promise<void>;
}

/** The real service on free ports with its own throwaway database. */
export async function startTestService(overrides: Partial<PropertyServiceConfig> = {}): Promise<TestService> {
  const databaseName = overrides.databaseName ?? uniqueDatabaseName('property');
  const service = await startPropertyService(
    {
      databaseUrl: testServerUrl(),
      databaseName,
      grpcHost: '127.0.0.1', trustedCallerKeys: testTrustedCallerKeys(),
      grpcPort: 0,
      healthPort: 0,
      natsUrl: testNatsUrl(),
      ...overrides,
    },
    { logger: testLogger(), relayIntervalMs: 200 },
  );
  const client = createClient(loadPropertyProto().PropertyService, service.grpcAddress, testClientAuth('property'));
  return {
    service,
    client,
    databaseName,
    stop: async () => {
      client.close();
      await service.close();
    },
  };
}

export { dropDatabase };

export const newUserId = () => `user-${randomUUID()}`;

/** A complete, valid property form using every field. */
export function fullForm(): PropertyFields {
  return {
    address: '2418 Capitol Ave',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95816',
    bedrooms: 3,
    bathrooms: 2.5,
    squareFootage: 1850,
    yearBuilt: 1998,
    propertyType: 'townhouse',
    additionalInfo: 'New roof in 2021',
    estimatedValue: 512_000,
    estimatedValueLow: 486_000,
    estimatedValueHigh: 538_000,
    lotSize: 6_534,
    coordinates: { latitude: 38.5732, longitude: -121.4768 },
    placeId: 'ChIJ-test-place',
  };
}

/** Only the required fields of the form. */
export function minimalForm(): PropertyFields {
  return { address: '1 Main St', city: 'Davis', state: 'CA', zipCode: '95616', bedrooms: 2, bathrooms: 1, squareFootage: 900 };
}

export interface StreamedEvent {
  subject: string;
  msgId: string | undefined;
  event: DomainEvent;
  raw: Record<string, unknown>;
}

/**
 * Reads the PROPERTY stream through a temporary ordered consumer, from a start time on. Other tests
 * publish to the same stream, so callers pick their events by property id.
 */
export class StreamReader {
  private readonly events: StreamedEvent[] = [];

  private constructor(
    private readonly nc: NatsConnection,
    private readonly messages: ConsumerMessages,
  ) {
    void this.collect();
  }

  static async open(since: Date): Promise<StreamReader> {
    const nc = await connect({ servers: testNatsUrl(), name: 'property-test-reader' });
    const js = jetstream(nc);
    const consumer = await js.consumers.get(eventStreamName, {
      filter_subjects: 'property.>',
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
    });
    return new StreamReader(nc, await consumer.consume());
  }

  private async collect(): Promise<void> {
    for await (const msg of this.messages) {
      const raw = msg.json<Record<string, unknown>>();
      this.events.push({
        subject: msg.subject,
        msgId: msg.headers?.get('Nats-Msg-Id'),
        event: domainEventSchema.parse(raw),
        raw,
      });
    }
  }

  forProperty(propertyId: string): StreamedEvent[] {
    return this.events.filter((e) => e.event.propertyId === propertyId);
  }

  /** Waits until `count` events of the property arrived, then a little longer to catch duplicates. */
  async waitForProperty(propertyId: string, count: number, timeoutMs = 10_000): Promise<StreamedEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.forProperty(propertyId).length < count && Date.now() < deadline) await sleep(50);
    await sleep(500);
    return this.forProperty(propertyId);
  }

  async close(): Promise<void> {
    this.messages.stop();
    await this.nc.drain();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
