import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { isUnauthorizedError } from './apiRequest';
import { defaultQueryFn } from './queryFn';

/** Set `meta: { ignoreUnauthorized: true }` on a query or mutation that handles its own 401. */
export interface RequestMeta extends Record<string, unknown> {
  ignoreUnauthorized?: boolean;
}

export interface QueryClientOptions {
  /** Called for a 401 from any query or mutation (except those with meta.ignoreUnauthorized). */
  onUnauthorized?: (error: Error) => void;
}

/**
 * The product's one QueryClient with the spec's cache rules: data never goes stale on its own,
 * no refetch on window focus, no polling, and no retries for queries or mutations. Queries that
 * differ (the current user, the property lists) say so in their own options.
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const report = (error: Error, meta: RequestMeta | undefined) => {
    if (onUnauthorized && !meta?.ignoreUnauthorized && isUnauthorizedError(error)) onUnauthorized(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query: Query<unknown, unknown, unknown>) => report(error, query.meta as RequestMeta | undefined),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta as RequestMeta | undefined),
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The property list calls are retried up to 3 times, except on 401. */
export function retryPropertyList(failureCount: number, error: unknown): boolean {
  return !isUnauthorizedError(error) && failureCount < 3;
}
