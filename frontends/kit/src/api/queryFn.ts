import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { throwIfNotOk } from './apiRequest';

/** The URL a query key stands for: its parts joined with '/' (['/api/properties', id] -> /api/properties/{id}). */
export function urlOfQueryKey(queryKey: QueryKey): string {
  return queryKey.map(String).join('/');
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** A GET on the query key's URL; with on401 'returnNull' a 401 answers null instead of failing. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(urlOfQueryKey(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (on401 === 'returnNull' && response.status === 401) {
      // Read the body anyway: an unread one keeps the request open in the browser (the page never goes idle).
      await response.text().catch(() => '');
      return null;
    }
    await throwIfNotOk(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** Default query function of the product's QueryClient: data fetches are GET on the joined key. */
export const defaultQueryFn: QueryFunction = getQueryFn<unknown>({ on401: 'throw' });
