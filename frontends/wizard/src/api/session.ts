import type { QueryClient } from '@tanstack/react-query';
import { isUnauthorizedError, propertyListKeys, queryKeys, redirectToLogin, type RequestMeta, type ToastApi } from '@hsa/ui-kit';
import { toasts } from '../domain/messages';

/** The wizard's mutations handle a 401 themselves (handleMutationError), not with the shell's 'Session Expired'. */
export const ownUnauthorizedHandling: RequestMeta = { ignoreUnauthorized: true };

/** The spec's delay before the login page after 'Unauthorized: You are logged out…'. */
export const unauthorizedRedirectMs = 500;

/**
 * A failed save or change: on 401 'Unauthorized: You are logged out. Logging in again...' and the login
 * page after 500 ms (answering true); otherwise false, for the caller's own message.
 */
export function handleUnauthorized(error: unknown, toast: Pick<ToastApi, 'error'>, returnTo?: string): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast.error(...toasts.unauthorized);
  redirectToLogin(unauthorizedRedirectMs, returnTo);
  return true;
}

/** After sign-in and after saves: the current user and the user's property lists are fetched again (spec section 4). */
export function refreshAccountData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryKeys.currentUser, ...propertyListKeys].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
