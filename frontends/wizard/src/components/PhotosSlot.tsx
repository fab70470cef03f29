import { Suspense, lazy } from 'react';
import { Card, Skeleton } from 'antd';
import { CameraIcon } from './icons';
import { useLockMessages } from './lockMessages';

// The photo widget loads with step 1.5 of a saved property; its uploader (Uppy) loads only when the modal opens.
const PhotosPanel = lazy(() => import('./PhotosPanel'));

/**
 * The photo area of step 1.5: a saved property's photos with the upload modal (images only, JPG/PNG/HEIC,
 * at most 10 files of 10 MB), from the kit. A property that is not saved yet has no photos.
 */
export interface PhotosSlotProps {
  /** The saved property the photos belong to; null while the property is not saved yet (photos need an id). */
  propertyId: string | null;
  /** Demo mode skips photo calls (spec section 6). */
  demo: boolean;
}

export function PhotosSlot({ propertyId, demo }: PhotosSlotProps) {
  const lockMessages = useLockMessages();
  if (propertyId && !demo) {
    return (
      <Card className="wz-photos">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <PhotosPanel propertyId={propertyId} />
        </Suspense>
      </Card>
    );
  }
  return (
    <Card className="wz-photos" title={<h2 className="wz-card-title">Photos</h2>}>
      <div className="wz-photos__area" data-slot="photos">
        <span className="wz-photos__icon" aria-hidden="true">
          <CameraIcon size={22} />
        </span>
        <p className="wz-placeholder__title">Room-by-room photos</p>
        <p className="wz-muted">
          {demo
            ? lockMessages.photos
            : 'Analyze the property first to save it; you can then add photos of each room here.'}
        </p>
      </div>
    </Card>
  );
}
