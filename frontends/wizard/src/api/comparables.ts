import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ShownComparableSale } from '@hsa/contracts';
import { DEMO_PROPERTY_ID, apiRequest, queryKeys } from '@hsa/ui-kit';
import { shouldFetchDemoComparables } from '../domain/demoRules';
import type { WizardProperty } from '../domain/wizardProperty';

const demoComparablesPath = `/api/properties/${DEMO_PROPERTY_ID}/comparables`;

/** Is this a property saved to the account (not the demo, not a draft)? */
export function isSavedProperty(property: WizardProperty | null): boolean {
  return Boolean(property?.id && property.id !== DEMO_PROPERTY_ID);
}

/** GET /api/properties/demo-property/comparables for a home the lookup found: its place id says which home it is. */
export function demoComparablesUrl(property: Pick<WizardProperty, 'address' | 'placeId'>): string {
  const query = new URLSearchParams({ address: property.address.trim() });
  if (property.placeId) query.set('placeId', property.placeId);
  return `${demoComparablesPath}?${query}`;
}

/**
 * The comparable sales of the wizard's property. The demo and drafts show the ones the lookup's estimate used
 * (they came with it: no second valuation). A saved property asks GET /api/properties/{id}/comparables; a demo
 * property kept from before lookups carried them asks GET /api/properties/demo-property/comparables?address=&placeId=
 * (only when the address has 10+ characters and the city 3+).
 */
export function useComparables(property: WizardProperty | null): UseQueryResult<ShownComparableSale[], Error> {
  const saved = isSavedProperty(property);
  const evidence = property?.evidence ?? null;
  const demoUrl = property && !saved ? demoComparablesUrl(property) : '';
  return useQuery<ShownComparableSale[], Error>({
    queryKey: saved ? queryKeys.comparables(property!.id!) : evidence ? ['lookup-comparables', demoUrl] : [demoUrl],
    // A saved property's key is its URL, for the default query function.
    ...(saved ? {} : { queryFn: () => (evidence ? evidence.comparables : apiRequest<ShownComparableSale[]>('GET', demoUrl)) }),
    ...(evidence ? { initialData: evidence.comparables, staleTime: Number.POSITIVE_INFINITY } : {}),
    enabled: saved || evidence !== null || shouldFetchDemoComparables(property),
  });
}
