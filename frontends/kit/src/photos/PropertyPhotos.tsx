import { useState, type CSSProperties } from 'react';
import { Button, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { roomTypeLabels, type Photo, type RoomType } from '@hsa/contracts';
import { isUnauthorizedError } from '../api/apiRequest';
import { queryKeys } from '../api/queryKeys';
import { useToast } from '../feedback/useToast';
import { PhotoUploadModal } from './PhotoUploadModal';
import { usePropertyPhotos, useSetRoomType } from './photoApi';
import { roomTypeOptions } from './roomTypeOptions';

export interface PropertyPhotosProps {
  propertyId: string;
  /** Heading above the photos; default "Photos". */
  title?: string;
  /** Files per upload (default 10). */
  maxFiles?: number;
}

const styles = {
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 16, margin: 0, padding: 0, listStyle: 'none' },
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: 8 },
  image: { width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 8, background: 'rgba(15, 23, 42, 0.06)' },
} satisfies Record<string, CSSProperties>;

function PhotoTile({ photo, index, onRoomType, saving }: { photo: Photo; index: number; onRoomType: (roomType: RoomType) => void; saving: boolean }) {
  const [broken, setBroken] = useState(false);
  const label = roomTypeLabels[photo.roomType];
  return (
    <li data-testid="property-photo" data-room-type={photo.roomType}>
      <figure style={styles.figure}>
        {broken ? (
          <Flex align="center" justify="center" style={styles.image} role="img" aria-label={`Photo ${index + 1}: ${label} (no preview)`}>
            <PictureOutlined aria-hidden style={{ fontSize: 28, opacity: 0.5 }} />
          </Flex>
        ) : (
          <img src={photo.thumbnailUrl} alt={`Photo ${index + 1}: ${label}`} loading="lazy" style={styles.image} onError={() => setBroken(true)} />
        )}
        <Select<RoomType>
          value={photo.roomType}
          options={roomTypeOptions}
          virtual={false}
          listHeight={400}
          onChange={onRoomType}
          loading={saving}
          aria-label={`Room type of photo ${index + 1}`}
          style={{ width: '100%' }}
        />
      </figure>
    </li>
  );
}

/**
 * A property's photos: thumbnails with a room-type select each, and the upload modal behind "Add Photos".
 * The list refreshes after uploads and whenever a photo.added event arrives.
 */
export function PropertyPhotos({ propertyId, title = 'Photos', maxFiles }: PropertyPhotosProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const photos = usePropertyPhotos(propertyId);
  const setRoomType = useSetRoomType(propertyId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.photos(propertyId) });

  const changeRoomType = (photo: Photo, roomType: RoomType) =>
    setRoomType.mutate(
      { photoId: photo.id, roomType },
      {
        onError: (error) => {
          if (!isUnauthorizedError(error)) toast.error('Error', 'Failed to update the room type. Please try again.');
        },
      },
    );

  return (
    <section aria-label={title}>
      <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
          {title}
          {photos.data?.length ? <Typography.Text type="secondary" style={{ fontWeight: 400 }}>{` (${photos.data.length})`}</Typography.Text> : null}
        </Typography.Title>
        <Button icon={<CameraOutlined aria-hidden />} onClick={() => setOpen(true)}>
          Add Photos
        </Button>
      </Flex>
      {photos.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : photos.isError ? (
        <Typography.Text type="danger">We couldn't load the photos. Please try again.</Typography.Text>
      ) : photos.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No photos yet: add some to show each room." />
      ) : (
        <ul style={styles.grid} aria-label="Property photos">
          {photos.data.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              saving={setRoomType.isPending && setRoomType.variables?.photoId === photo.id}
              onRoomType={(roomType) => changeRoomType(photo, roomType)}
            />
          ))}
        </ul>
      )}
      <PhotoUploadModal open={open} onClose={() => setOpen(false)} propertyId={propertyId} maxFiles={maxFiles} onUploaded={refresh} onComplete={refresh} />
    </section>
  );
}
