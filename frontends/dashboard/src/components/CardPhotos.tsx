import { useState } from 'react';
import { Button, Drawer, Flex, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { PropertyPhotos, usePropertyPhotos } from '@hsa/ui-kit';

/**
 * A card's photos: the first one as a thumbnail with the count, and a Photos button that opens the property's
 * photos (thumbnails, room types, the upload modal). Counts refresh on photo.added events.
 */
export function CardPhotos({ propertyId, street }: { propertyId: string; street: string }) {
  const [open, setOpen] = useState(false);
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
        <Button size="small" icon={<CameraOutlined aria-hidden />} style={{ marginInlineStart: 'auto' }} onClick={() => setOpen(true)}>
          Photos
        </Button>
      </Flex>
      <Drawer open={open} onClose={() => setOpen(false)} title={`Photos of ${street}`} size={760} destroyOnHidden={false}>
        <PropertyPhotos propertyId={propertyId} title="Photos" />
      </Drawer>
    </>
  );
}
