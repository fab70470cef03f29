import { describe, expect, it, vi } from 'vitest';
// Imported module by module (not from the kit's index) so these tests do not load antd.
import { createQueryClient, retryPropertyList } from '../src/api/queryClient';
import { urlOfQueryKey } from '../src/api/queryFn';
import { queryKeys } from '../src/api/queryKeys';
import { currentUserQuery } from '../src/auth/currentUser';

function stubFetch(respond: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => respond(url));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('createQueryClient', () => {
  it('has the spec cache rules: never stale, no focus refetch, no polling, no retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('fetches a query with GET on the key joined with "/", including credentials', async () => {
    const fetchMock = stubFetch(() => new Response('{"id":"p1"}', { status: 200 }));
    const client = createQueryClient();

    await expect(client.fetchQuery({ queryKey: queryKeys.property('p1') })).resolves.toEqual({ id: 'p1' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/properties/p1');
    expect(init?.method ?? 'GET').toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(urlOfQueryKey(['/api/properties', 'p1', 'photos'])).toBe('/api/properties/p1/photos');
  });

  it('does not retry a failed query', async () => {
    const fetchMock = stubFetch(() => new Response('boom', { status: 500 }));
    await expect(createQueryClient().fetchQuery({ queryKey: queryKeys.activeProperties })).rejects.toThrow('500: boom');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a 401 from a query or a mutation, unless the call opts out', async () => {
    stubFetch(() => new Response('{"message":"Unauthorized"}', { status: 401 }));
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });

    await client.fetchQuery({ queryKey: queryKeys.activeProperties }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    await client
      .getMutationCache()
      .build(client, {
        mutationFn: async () => {
          throw new Error('401: {"message":"Unauthorized"}');
        },
      })
      .execute(undefined)
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(2);

    await client
      .fetchQuery({ queryKey: queryKeys.archivedProperties, meta: { ignoreUnauthorized: true } })
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('does not report other errors as a lost session', async () => {
    stubFetch(() => new Response('nope', { status: 500 }));
    const onUnauthorized = vi.fn();
    await createQueryClient({ onUnauthorized }).fetchQuery({ queryKey: queryKeys.activeProperties }).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('currentUserQuery', () => {
  it('answers null for a 401 and is not retried', async () => {
    const fetchMock = stubFetch(() => new Response('{"message":"Unauthorized"}', { status: 401 }));
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });

    await expect(client.fetchQuery(currentUserQuery)).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/user');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('answers the user when signed in', async () => {
    const user = { id: 'u1', email: 'a@b.c', firstName: 'Ada', lastName: 'L', profileImageUrl: null };
    stubFetch(() => new Response(JSON.stringify(user), { status: 200 }));
    await expect(createQueryClient().fetchQuery(currentUserQuery)).resolves.toEqual(user);
  });

  it('is fresh for 60 s and refetched on mount and focus but not on reconnect', () => {
    expect(currentUserQuery).toMatchObject({
      queryKey: ['/api/auth/user'],
      retry: false,
      staleTime: 60_000,
      refetchOnMount: true,
      refetchOnWindowFocus: true,
      refetchOnReconnect: false,
    });
  });
});

describe('retryPropertyList', () => {
  it('retries a property list up to 3 times', async () => {
    const fetchMock = stubFetch(() => new Response('down', { status: 503 }));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: queryKeys.activeProperties, retry: retryPropertyList, retryDelay: 0 }),
    ).rejects.toThrow('503: down');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never retries a 401', async () => {
    const fetchMock = stubFetch(() => new Response('{"message":"Unauthorized"}', { status: 401 }));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: queryKeys.archivedProperties, retry: retryPropertyList, retryDelay: 0 }),
    ).rejects.toThrow(/^401: /);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
