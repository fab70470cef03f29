import { Suspense, lazy, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { usePropertyPhotos } from '@hsa/ui-kit';

// The drawer, the photo list and the uploader load when photos are first opened, not with the dashboard.
const PhotosDrawer = lazy(() => import('./PhotosDrawer'));

/**
 * A card's photos: the first one as a thumbnail with the count, and a Photos button that opens the property's
 * photos (thumbnails, room types, the upload modal). Counts refresh on photo.added events.
 */
export function CardPhotos({ propertyId, street }: { propertyId: string; street: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const photos = usePropertyPhotos(propertyId);
  const count = photos.data?.length ?? 0;
  const cover = photos.data?.[0];
  return (
    <>
      <Flex align="center" gap={10} style={{ minHeight: 40 }}>
        {cover ? (
          <img src={cover.thumbnailUrl} alt={`First photo of ${street}`} width={56} height={40} loading="lazy" style={{ objectFit: 'cover', borderRadius: 6 }} />
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="photo-count">
          {photos.data ? (count === 0 ? 'No photos yet' : `${count} photo${count === 1 ? '' : 's'}`) : null}
        </Typography.Text>
        <Button
          size="small"
          icon={<CameraOutlined aria-hidden />}
          style={{ marginInlineStart: 'auto' }}
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        >
          Photos
        </Button>
      </Flex>
      {opened ? (
        <Suspense fallback={<Typography.Text type="secondary" role="status">Loading photos…</Typography.Text>}>
          <PhotosDrawer propertyId={propertyId} street={street} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
