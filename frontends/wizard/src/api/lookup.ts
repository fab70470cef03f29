import { useMutation } from '@tanstack/react-query';
import type { LookupProperty, PropertyLookupInput, PropertyLookupResponse, LookupEvidence } from '@hsa/contracts';
import { apiRequest, type RequestMeta } from '@hsa/ui-kit';

export type LookupOutcome =
  /**
   * evidence: the comparables the estimate used and the home's sale history (same valuation run). estimateWithheld:
   * the home has an estimate that only signed-in users receive (the demo gets none, nor what reveals it).
   */
  | { kind: 'found'; property: LookupProperty; dataSource: string | null; evidence: LookupEvidence; estimateWithheld: boolean }
  | { kind: 'not-found'; message: string };

/**
 * POST /api/properties/lookup. Resolves found / not-found; rejects on any other failure (network, 4xx, 5xx).
 * `sessionToken`: the address box's autocomplete session, which this lookup ends.
 */
export async function lookupAddress(input: PropertyLookupInput): Promise<LookupOutcome> {
  const body: PropertyLookupInput = {
    address: input.address.trim(),
    ...(input.placeId ? { placeId: input.placeId } : {}),
    ...(input.sessionToken ? { sessionToken: input.sessionToken } : {}),
  };
  const response = await apiRequest<PropertyLookupResponse>('POST', '/api/properties/lookup', body);
  if (response?.success && response.property) {
    // The estimate's own comparables and the home's sale history: the wizard shows these, never a second valuation's.
    const evidence = { comparables: response.comparables ?? [], saleHistory: response.saleHistory ?? [] };
    return { kind: 'found', property: response.property, dataSource: response.dataSource || null, evidence, estimateWithheld: response.estimateWithheld === true };
  }
  return { kind: 'not-found', message: (response && 'message' in response && response.message) || 'No property data found' };
}

const lookupMeta: RequestMeta = { ignoreUnauthorized: true };

/** The lookup as a mutation (it may be asked again for another address at any time). */
export function useAddressLookup() {
  return useMutation({ mutationFn: lookupAddress, meta: lookupMeta });
}
