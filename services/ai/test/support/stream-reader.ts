import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { domainEventSchema, eventStreamName, type DomainEvent } from '@hsa/contracts';
import { testNatsUrl } from '@hsa/service-kit/testing';

/** Reads the PROPERTY stream from a start time on (other tests publish too: pick events by property id). */
export class StreamReader {
  private readonly events: { subject: string; event: DomainEvent }[] = [];

  private constructor(
    private readonly nc: NatsConnection,
    private readonly messages: ConsumerMessages,
  ) {
    void this.collect();
  }

  static async open(since: Date): Promise<StreamReader> {
    const nc = await connect({ servers: testNatsUrl(), name: 'ai-test-reader' });
    const consumer = await jetstream(nc).consumers.get(eventStreamName, {
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
    });
    return new StreamReader(nc, await consumer.consume());
  }

  private async collect(): Promise<void> {
    for await (const msg of this.messages) this.events.push({ subject: msg.subject, event: domainEventSchema.parse(msg.json()) });
  }

  async waitFor(propertyId: string, count: number, timeoutMs = 10_000): Promise<{ subject: string; event: DomainEvent }[]> {
    const deadline = Date.now() + timeoutMs;
    const mine = () => this.events.filter((e) => e.event.propertyId === propertyId);
    while (mine().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    return mine();
  }

  async close(): Promise<void> {
    this.messages.stop();
    await this.nc.drain();
  }
}
