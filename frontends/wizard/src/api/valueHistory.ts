import { useQuery } from '@tanstack/react-query';
import type { ValueHistoryResponse } from '@hsa/contracts';

/**
 * GET /api/properties/{id}/value-history: the saved property's estimate over time. Under the property's own
 * key, so a refreshed valuation (which invalidates ['/api/properties', id]) refreshes it too.
 */
export function useValueHistory(propertyId: string | null) {
  return useQuery<ValueHistoryResponse, Error>({
    queryKey: ['/api/properties', propertyId ?? '', 'value-history'],
    enabled: propertyId !== null,
  });
}
