import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Listing, NeighborhoodInsights, Recommendation } from '@hsa/contracts';
import { apiRequest, isUnauthorizedError, throwIfNotOk } from '../api/apiRequest';
import { queryKeys } from '../api/queryKeys';
import { useToast } from '../feedback/useToast';
import { aiToasts, type AiVariant } from './aiTexts';

/** Query keys of the AI calls (URL paths, like every key of the product). */
export const aiQueryKeys = {
  recommendations: queryKeys.recommendations,
  listing: queryKeys.listing,
  neighborhood: (id: string) => ['/api/properties', id, 'neighborhood'] as const,
};

const path = (id: string, tail: string) => `/api/properties/${encodeURIComponent(id)}/${tail}`;

/** GET /api/properties/{id}/recommendations: the stored list (empty when none were generated). */
export function useRecommendations(propertyId: string | null) {
  return useQuery<Recommendation[]>({
    queryKey: aiQueryKeys.recommendations(propertyId ?? ''),
    enabled: !!propertyId,
  });
}

/** POST /api/properties/{id}/recommendations with the spec's toasts (the page's or the wizard's wording). */
export function useGenerateRecommendations(propertyId: string, variant: AiVariant, onGenerated?: (list: Recommendation[]) => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const texts = aiToasts.recommendations[variant];
  return useMutation({
    mutationFn: () => apiRequest<Recommendation[]>('POST', path(propertyId, 'recommendations')),
    onSuccess: (list) => {
      queryClient.setQueryData(aiQueryKeys.recommendations(propertyId), list);
      toast.success(texts.success.title, `${list.length} improvement${list.length === 1 ? '' : 's'} for this home.`);
      onGenerated?.(list);
    },
    onError: (error) => {
      // A 401 gets the shell's 'Session Expired' toast instead.
      if (!isUnauthorizedError(error)) toast.error(texts.error.title, texts.error.description);
    },
  });
}

/** GET /api/properties/{id}/listing: the listing, or null when none exists (404). */
export function useListing(propertyId: string | null) {
  return useQuery<Listing | null>({
    queryKey: aiQueryKeys.listing(propertyId ?? ''),
    enabled: !!propertyId,
    queryFn: async ({ signal }) => {
      const response = await fetch(path(propertyId!, 'listing'), { credentials: 'include', headers: { Accept: 'application/json' }, signal });
      if (response.status === 404) return null;
      await throwIfNotOk(response);
      return (await response.json()) as Listing;
    },
  });
}

/** POST /api/properties/{id}/listing with the spec's toasts. */
export function useGenerateListing(propertyId: string, variant: AiVariant) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const texts = aiToasts.listing[variant];
  return useMutation({
    mutationFn: () => apiRequest<Listing>('POST', path(propertyId, 'listing')),
    onSuccess: (listing) => {
      queryClient.setQueryData(aiQueryKeys.listing(propertyId), listing);
      toast.success(texts.success.title);
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast.error(texts.error.title, texts.error.description);
    },
  });
}

/** PATCH /api/properties/{id}/listing {description}: saves the owner's edit. */
export function useUpdateListing(propertyId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (description: string) => apiRequest<Listing>('PATCH', path(propertyId, 'listing'), { description }),
    onSuccess: (listing) => {
      queryClient.setQueryData(aiQueryKeys.listing(propertyId), listing);
      toast.success(aiToasts.listingSaved.title);
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast.error(aiToasts.listingSaveFailed.title, aiToasts.listingSaveFailed.description);
    },
  });
}

/** GET /api/properties/{id}/neighborhood (not fetched in demo mode or without a saved property). */
export function useNeighborhoodInsights(propertyId: string | null, enabled = true) {
  return useQuery<NeighborhoodInsights>({
    queryKey: aiQueryKeys.neighborhood(propertyId ?? ''),
    enabled: enabled && !!propertyId,
  });
}
