import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Property } from '@hsa/contracts';
import { queryKeys } from '@hsa/ui-kit';

/** The ?propertyId= of the page. */
export function usePropertyId(): string | null {
  const [query] = useSearchParams();
  return query.get('propertyId') || null;
}

/** GET /api/properties/{id} (the owner's property; another user's answers 404). */
export function useProperty(id: string | null) {
  return useQuery<Property>({ queryKey: queryKeys.property(id ?? ''), enabled: !!id });
}
