import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUploadResponse, Photo, RoomType } from '@hsa/contracts';
import { apiRequest } from '../api/apiRequest';
import { queryKeys } from '../api/queryKeys';

/** GET /api/properties/{id}/photos (oldest first); refreshed by the photo.added event. */
export function usePropertyPhotos(propertyId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery<Photo[]>({
    queryKey: queryKeys.photos(propertyId ?? ''),
    enabled: !!propertyId && (options.enabled ?? true),
  });
}

/** POST /api/objects/upload: a presigned PUT for one photo, scoped to the property, signed for its type and size. */
export function requestPhotoUpload(input: { propertyId?: string; contentType?: string; size?: number }): Promise<CreateUploadResponse> {
  return apiRequest<CreateUploadResponse>('POST', '/api/objects/upload', input);
}

/** POST /api/properties/{id}/photos with the uploaded object's path; every photo starts unassigned. */
export function attachPhoto(propertyId: string, originalPath: string): Promise<Photo> {
  return apiRequest<Photo>('POST', `/api/properties/${encodeURIComponent(propertyId)}/photos`, { originalPath, roomType: 'unassigned' });
}

/** PATCH /api/properties/{id}/photos/{photoId} {roomType}; the list is updated in place. */
export function useSetRoomType(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, roomType }: { photoId: string; roomType: RoomType }) =>
      apiRequest<Photo>('PATCH', `/api/properties/${encodeURIComponent(propertyId)}/photos/${encodeURIComponent(photoId)}`, { roomType }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Photo[]>(queryKeys.photos(propertyId), (photos) =>
        photos?.map((photo) => (photo.id === updated.id ? updated : photo)),
      );
    },
  });
}
