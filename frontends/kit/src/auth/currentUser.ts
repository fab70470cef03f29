import { queryOptions } from '@tanstack/react-query';
import type { AuthUser } from '@hsa/contracts';
import { getQueryFn } from '../api/queryFn';
import { queryKeys } from '../api/queryKeys';

/**
 * GET /api/auth/user: a 401 means "no user" (null). No retry; refetched on mount and window focus
 * but not on reconnect; fresh for 60 s.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
  retry: false,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
  refetchOnReconnect: false,
  staleTime: 60_000,
});
