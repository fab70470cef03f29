import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@hsa/contracts';
import { currentUserQuery } from './currentUser';

export interface AuthState {
  /** The signed-in user, or null for an anonymous visitor (also null while loading). */
  user: AuthUser | null;
  isLoading: boolean;
  /** A visitor counts as authenticated when the current-user call returns a result. */
  isAuthenticated: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQuery);
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
