import { describe, expect, it } from 'vitest';
import { eventTypes, type BrowserEvent, type EventType } from '@hsa/contracts';
// Imported module by module (not from the kit's index) so these tests do not load antd.
import { createQueryClient } from '../src/api/queryClient';
import { queryKeys } from '../src/api/queryKeys';
import { invalidationsFor } from '../src/events/invalidations';
import { subscribeToEvents } from '../src/events/useEventInvalidation';

const lists = [['/api/user/properties'], ['/api/user/properties/active'], ['/api/user/properties/archived']];

describe('invalidationsFor', () => {
  it.each(['property.created', 'property.updated', 'property.archived', 'property.unarchived', 'property.valuation.refreshed'] as const)(
    '%s refreshes the property lists and the property',
    (type) => {
      expect(invalidationsFor({ type, propertyId: 'p1' })).toEqual([...lists, ['/api/properties', 'p1']]);
    },
  );

  it('maps photo, recommendation and listing events to their own queries', () => {
    expect(invalidationsFor({ type: 'photo.added', propertyId: 'p1' })).toEqual([['/api/properties', 'p1', 'photos']]);
    expect(invalidationsFor({ type: 'recommendations.generated', propertyId: 'p1' })).toEqual([
      ['/api/properties', 'p1', 'recommendations'],
    ]);
    expect(invalidationsFor({ type: 'listing.generated', propertyId: 'p1' })).toEqual([['/api/properties', 'p1', 'listing']]);
  });

  it('covers every event type of the contract', () => {
    for (const type of eventTypes) expect(invalidationsFor({ type, propertyId: 'p1' }).length).toBeGreaterThan(0);
  });
});

/** A stand-in for the browser's EventSource at the network boundary. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  emit(type: EventType, propertyId: string) {
    const data: BrowserEvent = { id: crypto.randomUUID(), type, propertyId, occurredAt: new Date().toISOString() };
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  fail(finalClose: boolean) {
    if (finalClose) this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function seededClient() {
  const client = createQueryClient();
  const keys = [...lists, queryKeys.property('p1'), queryKeys.property('p2'), queryKeys.photos('p1')];
  for (const key of keys) client.setQueryData(key, { seeded: true });
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, invalidated };
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subscribeToEvents', () => {
  it('connects with credentials and invalidates the queries an event makes stale', async () => {
    FakeEventSource.instances = [];
    const { client, invalidated } = seededClient();
    const stop = subscribeToEvents(client, { EventSourceImpl: FakeEventSource as unknown as typeof EventSource });
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/events');
    expect(source.init).toEqual({ withCredentials: true });
    source.open();

    source.emit('property.archived', 'p1');
    await nextTick();

    for (const key of lists) expect(invalidated(key)).toBe(true);
    expect(invalidated(queryKeys.property('p1'))).toBe(true);
    expect(invalidated(queryKeys.property('p2'))).toBe(false);
    stop();
  });

  it('ignores malformed messages', async () => {
    FakeEventSource.instances = [];
    const { client, invalidated } = seededClient();
    const stop = subscribeToEvents(client, { EventSourceImpl: FakeEventSource as unknown as typeof EventSource });
    FakeEventSource.instances[0]!.dispatchEvent(new MessageEvent('property.created', { data: 'not json' }));
    await nextTick();
    expect(invalidated(lists[0]!)).toBe(false);
    stop();
  });

  it('reconnects after the stream is closed and then refreshes the lists', async () => {
    FakeEventSource.instances = [];
    const { client, invalidated } = seededClient();
    const delays: number[] = [];
    const stop = subscribeToEvents(client, {
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      reconnectDelayMs: (attempt) => {
        delays.push(attempt);
        return 0;
      },
    });
    const first = FakeEventSource.instances[0]!;
    first.open();

    first.fail(false); // still CONNECTING: the browser retries by itself
    await nextTick();
    expect(FakeEventSource.instances).toHaveLength(1);

    first.fail(true); // CLOSED, e.g. the gateway answered an error
    await nextTick();
    expect(delays).toEqual([1]);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(invalidated(lists[1]!)).toBe(false);

    FakeEventSource.instances[1]!.open();
    await nextTick();
    for (const key of lists) expect(invalidated(key)).toBe(true);
    stop();
    expect(FakeEventSource.instances[1]!.readyState).toBe(FakeEventSource.CLOSED);
  });
});
