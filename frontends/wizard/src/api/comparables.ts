import { useQuery } from '@tanstack/react-query';
import { DEMO_PROPERTY_ID, apiRequest } from '@hsa/ui-kit';
import { normaliseComparables, type Comparable } from '../domain/comparables';
import { shouldFetchDemoComparables } from '../domain/demoRules';
import type { WizardProperty } from '../domain/wizardProperty';

const demoComparablesPath = `/api/properties/${DEMO_PROPERTY_ID}/comparables`;

/** Is this a property saved to the account (not the demo, not a draft)? */
export function isSavedProperty(property: WizardProperty | null): boolean {
  return Boolean(property?.id && property.id !== DEMO_PROPERTY_ID);
}

/**
 * The comparable sales of the wizard's property: GET /api/properties/{id}/comparables for a saved one,
 * GET /api/properties/demo-property/comparables?address= for the demo and for drafts (only when the
 * address has 10+ characters and the city 3+). Every field name the API may use is accepted.
 */
export function useComparables(property: WizardProperty | null) {
  const saved = isSavedProperty(property);
  const address = property?.address.trim() ?? '';
  return useQuery<unknown, Error, Comparable[]>({
    queryKey: saved ? ['/api/properties', property!.id!, 'comparables'] : [demoComparablesPath, address],
    // A saved property's key is its URL, for the default query function; the demo's needs its query string.
    ...(saved ? {} : { queryFn: () => apiRequest('GET', `${demoComparablesPath}?address=${encodeURIComponent(address)}`) }),
    enabled: saved || shouldFetchDemoComparables(property),
    select: normaliseComparables,
  });
}
