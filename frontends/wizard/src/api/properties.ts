import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePropertyInput, Property, RefreshValuationResponse, UpdatePropertyInput } from '@hsa/contracts';
import { apiRequest, queryKeys } from '@hsa/ui-kit';
import { ownUnauthorizedHandling, refreshAccountData } from './session';

/** GET /api/properties/{id}. */
export function useSavedProperty(id: string | null) {
  return useQuery<Property>({ queryKey: queryKeys.property(id ?? ''), enabled: Boolean(id) });
}

/** POST /api/properties: the new property is cached, and the user and the lists are fetched again. */
export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePropertyInput) => apiRequest<Property>('POST', '/api/properties', body),
    meta: ownUnauthorizedHandling,
    onSuccess: (property) => {
      queryClient.setQueryData(queryKeys.property(property.id), property);
      void refreshAccountData(queryClient);
    },
  });
}

/** PATCH /api/properties/{id} with the edited fields. */
export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePropertyInput) => apiRequest<Property>('PATCH', `/api/properties/${encodeURIComponent(id)}`, body),
    meta: ownUnauthorizedHandling,
    onSuccess: (property) => {
      queryClient.setQueryData(queryKeys.property(id), property);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.property(id), 'comparables'] });
      void refreshAccountData(queryClient);
    },
  });
}

/** POST /api/properties/{id}/refresh-valuation: the new estimate goes into the cached property. */
export function useRefreshValuation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RefreshValuationResponse>('POST', `/api/properties/${encodeURIComponent(id)}/refresh-valuation`),
    meta: ownUnauthorizedHandling,
    onSuccess: (values) => {
      queryClient.setQueryData<Property>(queryKeys.property(id), (property) => (property ? { ...property, ...values } : property));
      void queryClient.invalidateQueries({ queryKey: queryKeys.property(id) });
      void refreshAccountData(queryClient);
    },
  });
}
