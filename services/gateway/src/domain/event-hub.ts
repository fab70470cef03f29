import type { BrowserEvent, DomainEvent } from '@hsa/contracts';

export interface EventSink {
  send(event: BrowserEvent): void;
}

/**
 * Per-user fan-out of domain events to open browser connections. An event reaches only the sinks of
 * the user it belongs to, and carries no more than the browser needs to invalidate its caches.
 */
export class EventHub {
  private readonly sinks = new Map<string, Set<EventSink>>();

  add(userId: string, sink: EventSink): () => void {
    let set = this.sinks.get(userId);
    if (!set) this.sinks.set(userId, (set = new Set()));
    set.add(sink);
    return () => {
      set.delete(sink);
      if (set.size === 0) this.sinks.delete(userId);
    };
  }

  publish(event: DomainEvent): number {
    const sinks = this.sinks.get(event.userId);
    if (!sinks) return 0;
    const message: BrowserEvent = {
      id: event.id,
      type: event.type,
      propertyId: event.propertyId,
      occurredAt: event.occurredAt,
    };
    for (const sink of sinks) sink.send(message);
    return sinks.size;
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.sinks.values()) n += set.size;
    return n;
  }
}
