import { useQuery } from '@tanstack/react-query';
import type { RuntimeConfig } from '@hsa/contracts';
import { apiRequest, type RequestMeta } from '@hsa/ui-kit';

export type { RuntimeConfig };

const meta: RequestMeta = { ignoreUnauthorized: true };

/** The runtime config; a missing or failing /api/config means the embedded default (no Google key). */
export function useRuntimeConfig(): { config: RuntimeConfig; isLoading: boolean } {
  const query = useQuery({
    queryKey: ['/api/config'],
    queryFn: () => apiRequest<RuntimeConfig>('GET', '/api/config'),
    staleTime: Infinity,
    retry: false,
    meta,
  });
  const key = query.data?.googleMapsApiKey;
  return { config: typeof key === 'string' && key.trim() ? { googleMapsApiKey: key.trim() } : {}, isLoading: query.isLoading };
}
