import type { Consumer, ConsumerMessages } from '@nats-io/jetstream';
import type { ObservableResult } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { kitMetrics } from '../metrics';

/**
 * Publishes how far a running JetStream consumer is behind on hsa.nats.consumer.pending, read at each metric
 * collection, by where the events wait (hsa.pending.stage): `stream` (in the stream, not yet delivered: the consumer
 * info's num_pending), `ack` (delivered, not acknowledged: num_ack_pending) and `client` (received, queued in this
 * process until the handler takes them, which the server does not see). Returns the function that stops it.
 */
export function observeConsumerLag(consumer: Consumer, messages: ConsumerMessages, logger: Logger): () => void {
  const at = (stage: string) => ({ 'messaging.system': 'nats', 'hsa.pending.stage': stage });
  const observe = async (result: ObservableResult) => {
    result.observe(messages.getPending(), at('client'));
    try {
      const info = await consumer.info(false);
      result.observe(info.num_pending, at('stream'));
      result.observe(info.num_ack_pending, at('ack'));
    } catch (err) {
      logger.debug({ err }, 'consumer info unavailable: lag in the stream not reported');
    }
  };
  const { consumerPending } = kitMetrics();
  consumerPending.addCallback(observe);
  return () => consumerPending.removeCallback(observe);
}
