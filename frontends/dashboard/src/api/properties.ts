import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Property } from '@hsa/contracts';
import {
  apiRequest,
  isUnauthorizedError,
  propertyListKeys,
  queryKeys,
  retryPropertyList,
  streetPart,
  useToast,
} from '@hsa/ui-kit';

/** GET /api/user/properties/active (newest first); retried up to 3 times except on 401. */
export function useActiveProperties() {
  return useQuery<Property[]>({ queryKey: queryKeys.activeProperties, retry: retryPropertyList });
}

/** GET /api/user/properties/archived (newest first); retried up to 3 times except on 401. */
export function useArchivedProperties() {
  return useQuery<Property[]>({ queryKey: queryKeys.archivedProperties, retry: retryPropertyList });
}

interface LifecycleChange {
  action: 'archive' | 'unarchive';
  successTitle: string;
  successDescription: (street: string) => string;
  errorTitle: string;
  errorDescription?: string;
}

function useLifecycleChange(change: LifecycleChange) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (property: Property) =>
      apiRequest<Property>('PATCH', `/api/properties/${encodeURIComponent(property.id)}/${change.action}`),
    onSuccess: (updated, property) => {
      queryClient.setQueryData(queryKeys.property(property.id), updated);
      toast.success(change.successTitle, change.successDescription(streetPart(property.address)));
    },
    onError: (error) => {
      // A 401 gets the shell's 'Session Expired' toast instead.
      if (!isUnauthorizedError(error)) toast.error(change.errorTitle, change.errorDescription);
    },
    onSettled: () =>
      Promise.all(propertyListKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** PATCH /api/properties/{id}/archive with the spec's toasts; the lists are re-fetched. */
export function useArchiveProperty() {
  return useLifecycleChange({
    action: 'archive',
    successTitle: 'Property Archived',
    successDescription: (street) => `${street} moved to Archived. You can restore it at any time.`,
    errorTitle: 'Error',
    errorDescription: 'Failed to archive property. Please try again.',
  });
}

/** PATCH /api/properties/{id}/unarchive with the spec's toasts; the lists are re-fetched. */
export function useRestoreProperty() {
  return useLifecycleChange({
    action: 'unarchive',
    successTitle: 'Property Restored',
    successDescription: (street) => `${street} is back in your active properties.`,
    errorTitle: 'Error',
    errorDescription: 'Failed to restore property. Please try again.',
  });
}
