import type { EventBus, EventSubscription, Logger } from '@hsa/service-kit';
import { isSessionKey } from '../domain/session-key';

/** The core NATS subject on which a gateway replica says that a session ended through it. */
export const SESSION_ENDED_SUBJECT = 'gateway.session.ended';

/**
 * How the gateway replicas tell each other that a session ended, so none keeps answering from its read cache. What
 * goes on the wire is the session's key (domain/session-key.ts), never its id.
 */
export interface SessionEndings {
  announce(key: string): void;
  /** The one listener of the endings the other replicas (and this one) announce. */
  onEnded(listener: (key: string) => void): void;
}

/**
 * SessionEndings over NATS, outside JetStream: every replica listening hears it at once, and one that misses it
 * (NATS away) serves the session from its cache for the cache's lifetime at most.
 */
export class NatsSessionEndings implements SessionEndings {
  private subscription: EventSubscription | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  announce(key: string): void {
    if (!this.bus.broadcast(SESSION_ENDED_SUBJECT, key)) this.logger.warn('NATS unavailable: other gateway replicas learn of this sign-out when their cached copy expires');
  }

  onEnded(listener: (key: string) => void): void {
    void this.subscription?.stop();
    this.subscription = this.bus.onBroadcast(SESSION_ENDED_SUBJECT, (data) => {
      if (isSessionKey(data)) listener(data);
      else this.logger.warn({ subject: SESSION_ENDED_SUBJECT, length: data.length }, 'ignored a malformed session ending');
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }
}
