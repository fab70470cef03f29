import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@hsa/ui-kit';
import { handleSessionExpired } from '../session/sessionExpiry';

/** The page's one QueryClient; remotes use it through the shared react-query context. */
export function createShellQueryClient(): QueryClient {
  return createQueryClient({ onUnauthorized: handleSessionExpired });
}
