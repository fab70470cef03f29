import { connect, headers as natsHeaders, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JsMsg,
} from '@nats-io/jetstream';
import { context, propagation, SpanKind, trace, type Context } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { domainEventSchema, eventStreamName, eventStreamSubjects, type DomainEvent } from '@hsa/contracts';
import { AppError } from '../errors';
import { kitMetrics } from '../metrics';
import { errorType } from '../spans';
import { observeConsumerLag } from './consumer-lag';

const tracer = trace.getTracer('@hsa/service-kit/events');
const DAY_NS = 24 * 60 * 60 * 1e9;

export interface EventSubscription {
  stop(): Promise<void>;
}

export type EventHandler = (event: DomainEvent) => Promise<void> | void;

/**
 * JetStream access for one service. It connects in the background and keeps reconnecting, so a
 * service starts and serves while NATS is down; publishing then fails (the outbox keeps the events)
 * and subscriptions begin once NATS is reachable.
 */
export class EventBus {
  private nc: NatsConnection | undefined;
  private js: JetStreamClient | undefined;
  private closed = false;
  private readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly name: string,
  ) {
    this.ready = this.connectLoop();
    this.ready.catch(() => undefined);
  }

  /** False while the client is between a disconnect and the next reconnect (it retries forever, so never closes). */
  private disconnected = false;

  get connected(): boolean {
    return !!this.nc && !this.nc.isClosed() && !!this.js && !this.disconnected;
  }

  private async connectLoop(): Promise<void> {
    let delay = 250;
    let warned = false;
    while (!this.closed) {
      try {
        const nc = await connect({
          servers: this.url,
          name: this.name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1000,
          timeout: 2000,
        });
        await this.ensureStream(nc);
        this.nc = nc;
        this.js = jetstream(nc);
        this.logger.info({ url: this.url }, 'connected to NATS JetStream');
        void this.watchStatus(nc);
        return;
      } catch (err) {
        if (!warned) this.logger.warn({ err, url: this.url }, 'NATS unavailable; live events paused, retrying');
        warned = true;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 5000);
      }
    }
  }

  private async watchStatus(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        this.disconnected = true;
        this.logger.warn('NATS disconnected');
      }
      if (s.type === 'reconnect') {
        this.disconnected = false;
        this.logger.info('NATS reconnected');
        await this.ensureStream(nc).catch((err: unknown) => this.logger.warn({ err }, 'stream check failed'));
      }
    }
  }

  private async ensureStream(nc: NatsConnection): Promise<void> {
    const jsm = await jetstreamManager(nc);
    const config = {
      name: eventStreamName,
      subjects: eventStreamSubjects,
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: 7 * DAY_NS,
      duplicate_window: 2 * 60 * 1e9,
    };
    try {
      await jsm.streams.info(eventStreamName);
      await jsm.streams.update(eventStreamName, { subjects: eventStreamSubjects, max_age: config.max_age });
    } catch (err) {
      if ((err as { name?: string }).name !== 'StreamNotFoundError' && !/not found/i.test(String(err))) throw err;
      await jsm.streams.add(config);
    }
  }

  /** Waits up to `timeoutMs` for the first connection. */
  async waitUntilConnected(timeoutMs: number): Promise<boolean> {
    await Promise.race([this.ready, new Promise((r) => setTimeout(r, timeoutMs))]);
    return this.connected;
  }

  /** Publishes one event (de-duplicated by its id within JetStream's window). */
  async publish(event: DomainEvent, carrier: Record<string, string> = {}): Promise<void> {
    const attributes = { 'messaging.system': 'nats', 'messaging.destination.name': event.type };
    try {
      await this.publishTraced(event, carrier);
      kitMetrics().messagesSent.add(1, attributes);
    } catch (err) {
      kitMetrics().messagesSent.add(1, { ...attributes, 'error.type': errorType(err) });
      throw err;
    }
  }

  private async publishTraced(event: DomainEvent, carrier: Record<string, string>): Promise<void> {
    if (!this.js || !this.connected) throw new AppError('UNAVAILABLE', 'NATS unavailable');
    const parent = propagation.extract(context.active(), carrier);
    await tracer.startActiveSpan(
      `${event.type} publish`,
      { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': event.type } },
      parent,
      async (span) => {
        try {
          const h = natsHeaders();
          const out: Record<string, string> = {};
          propagation.inject(context.active(), out);
          for (const [k, v] of Object.entries(out)) h.set(k, v);
          await this.js!.publish(event.type, JSON.stringify(event), { msgID: event.id, headers: h, timeout: 5000 });
        } finally {
          span.end();
        }
      },
    );
  }

  /**
   * Sends `data` on a core NATS subject to whoever listens at this moment (every replica of a service), outside
   * JetStream: nothing is kept or redelivered, for news that stops mattering soon. False while NATS is unreachable.
   */
  broadcast(subject: string, data: string): boolean {
    if (!this.nc || !this.connected) return false;
    this.nc.publish(subject, data);
    return true;
  }

  /**
   * Calls `handler` with every message broadcast on `subject` from the first connection on (the client keeps the
   * subscription across reconnects; what is sent while it is away is lost).
   */
  onBroadcast(subject: string, handler: (data: string) => void): EventSubscription {
    let stopped = false;
    let subscription: Subscription | undefined;
    void this.ready.then(() => {
      if (stopped || !this.nc) return;
      subscription = this.nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) this.logger.warn({ err, subject }, 'broadcast subscription failed');
          else handler(msg.string());
        },
      });
    });
    return {
      stop: async () => {
        stopped = true;
        subscription?.unsubscribe();
      },
    };
  }

  /**
   * Delivers every new event (from now on) to `handler`, on each replica: an ordered consumer, used to
   * fan events out to browsers. Restarts itself after NATS outages.
   */
  subscribeNew(handler: EventHandler, subjects: string[] = eventStreamSubjects): EventSubscription {
    let stopped = false;
    let current: { stop(): void } | undefined;
    const run = async () => {
      while (!stopped) {
        await this.ready;
        if (!this.js) return;
        try {
          const consumer = await this.js.consumers.get(eventStreamName, {
            ...subjectFilter(subjects),
            deliver_policy: DeliverPolicy.New,
          });
          const messages = await consumer.consume();
          current = { stop: () => void messages.stop() };
          const stopLag = observeConsumerLag(consumer, messages, this.logger);
          try {
            for await (const msg of messages) await this.dispatch(msg, handler);
          } finally {
            stopLag();
          }
        } catch (err) {
          if (!stopped) this.logger.warn({ err }, 'event subscription interrupted; resubscribing');
        }
        if (!stopped) await new Promise((r) => setTimeout(r, 1000));
      }
    };
    void run();
    return {
      stop: async () => {
        stopped = true;
        current?.stop();
      },
    };
  }

  private async dispatch(msg: JsMsg, handler: EventHandler): Promise<void> {
    const carrier: Record<string, string> = {};
    for (const key of ['traceparent', 'tracestate']) {
      const v = msg.headers?.get(key);
      if (v) carrier[key] = v;
    }
    const parent: Context = propagation.extract(context.active(), carrier);
    await tracer.startActiveSpan(
      `${msg.subject} process`,
      { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject } },
      parent,
      async (span) => {
        try {
          const parsed = domainEventSchema.safeParse(msg.json());
          if (!parsed.success) {
            this.logger.warn({ subject: msg.subject }, 'dropping malformed event');
            return;
          }
          kitMetrics().messagesConsumed.add(1, { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject });
          await handler(parsed.data);
        } catch (err) {
          this.logger.warn({ err, subject: msg.subject }, 'event handler failed');
        } finally {
          span.end();
        }
      },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.nc?.drain().catch(() => undefined);
  }
}

/**
 * Consumer filter for `subjects`. A list of several filters needs nats-server 2.10+, so the whole
 * stream is taken unfiltered and a single subject is sent as a plain filter (works on 2.9, e.g. Debian's).
 */
function subjectFilter(subjects: string[]): { filter_subjects?: string | string[] } {
  const wholeStream =
    subjects.length === eventStreamSubjects.length && eventStreamSubjects.every((s) => subjects.includes(s));
  if (wholeStream) return {};
  return { filter_subjects: subjects.length === 1 ? subjects[0]! : subjects };
}
