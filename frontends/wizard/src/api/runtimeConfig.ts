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
  const mapId = query.data?.googleMapsMapId;
  const config: RuntimeConfig =
    typeof key === 'string' && key.trim()
      ? { googleMapsApiKey: key.trim(), ...(typeof mapId === 'string' && mapId.trim() ? { googleMapsMapId: mapId.trim() } : {}) }
      : {};
  return { config, isLoading: query.isLoading };
}
