import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { eventTypes, type BrowserEvent } from '@hsa/contracts';
import { propertyListKeys } from '../api/queryKeys';
import { invalidationsFor } from './invalidations';

export interface EventStreamOptions {
  url?: string;
  /** Delay before reconnecting after the stream was closed, by attempt (1, 2, ...). */
  reconnectDelayMs?: (attempt: number) => number;
  /** The EventSource constructor (tests pass a fake one). */
  EventSourceImpl?: typeof EventSource;
}

const defaultReconnectDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** (attempt - 1));

function parseEvent(data: unknown): BrowserEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<BrowserEvent>;
    return typeof event.type === 'string' && typeof event.propertyId === 'string' ? (event as BrowserEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Connects to the gateway's event stream and returns a function that disconnects. Each event
 * invalidates the queries it makes stale; after a reconnect the property lists are refreshed too,
 * since events may have been missed while disconnected.
 */
export function subscribeToEvents(queryClient: QueryClient, options: EventStreamOptions = {}): () => void {
  const { url = '/api/events', reconnectDelayMs = defaultReconnectDelay } = options;
  const EventSourceImpl = options.EventSourceImpl ?? globalThis.EventSource;
  let source: EventSource | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  let connectedBefore = false;
  let stopped = false;

  const invalidate = (keys: readonly (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const onMessage = (message: Event) => {
    const event = parseEvent((message as MessageEvent).data);
    if (event) invalidate(invalidationsFor(event));
  };

  const connect = () => {
    const current = new EventSourceImpl(url, { withCredentials: true });
    source = current;
    current.onopen = () => {
      if (connectedBefore) invalidate(propertyListKeys);
      connectedBefore = true;
      failedAttempts = 0;
    };
    for (const type of eventTypes) current.addEventListener(type, onMessage);
    current.onerror = () => {
      // While CONNECTING the browser retries by itself; CLOSED (e.g. an HTTP error) is final.
      if (current.readyState !== EventSourceImpl.CLOSED || stopped) return;
      current.close();
      failedAttempts += 1;
      reconnectTimer = setTimeout(connect, reconnectDelayMs(failedAttempts));
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(reconnectTimer);
    source?.close();
  };
}

/** Keeps the cache in step with server events while enabled (i.e. while signed in). */
export function useEventInvalidation(enabled: boolean, options?: EventStreamOptions): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || (!options?.EventSourceImpl && typeof EventSource === 'undefined')) return;
    return subscribeToEvents(queryClient, options);
    // options are read once per connection on purpose: a new object each render must not reconnect
  }, [enabled, queryClient]);
}
