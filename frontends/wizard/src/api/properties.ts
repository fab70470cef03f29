import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreatePropertyInput, Property, RefreshValuationResponse, UpdatePropertyInput } from '@hsa/contracts';
import { apiRequest, queryKeys } from '@hsa/ui-kit';
import { valuationFactsDiffer } from '../domain/wizardProperty';
import { ownUnauthorizedHandling, refreshAccountData } from './session';

/**
 * Shows a property's new estimate (or saved facts) and fetches again what is shown with it: comparables, value
 * history, neighborhood, ... Fetches under way are cancelled first: react-query joins a query's first fetch instead
 * of restarting it, so an answer asked for before the change (say the neighborhood insights, still being written)
 * would be kept, quoting the old estimate. Resolves once the property is shown, not when the rest has arrived.
 */
async function showChangedProperty(queryClient: QueryClient, id: string, change: (property: Property | undefined) => Property | undefined): Promise<void> {
  await queryClient.cancelQueries({ queryKey: queryKeys.property(id) });
  queryClient.setQueryData<Property>(queryKeys.property(id), change);
  void queryClient.invalidateQueries({ queryKey: queryKeys.property(id) });
}

/** GET /api/properties/{id}. */
export function useSavedProperty(id: string | null) {
  return useQuery<Property>({ queryKey: queryKeys.property(id ?? ''), enabled: Boolean(id) });
}

const refreshValuation = (id: string) => apiRequest<RefreshValuationResponse>('POST', `/api/properties/${encodeURIComponent(id)}/refresh-valuation`);

/**
 * A saved property whose estimate was made for other facts, valued again from its saved facts, so its estimate and
 * the comparables shown with it come from one valuation of the same facts. Without sales data near it the property
 * stays without an estimate (its value card says so).
 */
async function valueSavedFacts(property: Property): Promise<Property> {
  if (!property.coordinates) return property;
  try {
    return { ...property, ...(await refreshValuation(property.id)) };
  } catch {
    return property;
  }
}

/**
 * POST /api/properties: the new property is cached, and the user and the lists are fetched again. `revalue`: the
 * body's facts differ from those its lookup's estimate was made for (estimateIsStale), so they are valued now.
 */
export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, revalue = false }: { body: CreatePropertyInput; revalue?: boolean }) => {
      const created = await apiRequest<Property>('POST', '/api/properties', body);
      return revalue ? valueSavedFacts(created) : created;
    },
    meta: ownUnauthorizedHandling,
    onSuccess: (property) => {
      queryClient.setQueryData(queryKeys.property(property.id), property);
      void refreshAccountData(queryClient);
    },
  });
}

/** PATCH /api/properties/{id} with the edited fields; edited valuation facts are valued again. */
export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePropertyInput) => {
      const before = queryClient.getQueryData<Property>(queryKeys.property(id));
      const updated = await apiRequest<Property>('PATCH', `/api/properties/${encodeURIComponent(id)}`, body);
      return before && valuationFactsDiffer(before, updated) ? valueSavedFacts(updated) : updated;
    },
    meta: ownUnauthorizedHandling,
    onSuccess: (property) => {
      void refreshAccountData(queryClient);
      // Its comparables and value history follow the saved facts (and the estimate valued from them).
      return showChangedProperty(queryClient, id, () => property);
    },
  });
}

/** POST /api/properties/{id}/refresh-valuation: the new estimate goes into the cached property. */
export function useRefreshValuation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshValuation(id),
    meta: ownUnauthorizedHandling,
    onSuccess: (values) => {
      void refreshAccountData(queryClient);
      return showChangedProperty(queryClient, id, (property) => (property ? { ...property, ...values } : property));
    },
  });
}
