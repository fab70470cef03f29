import { Card } from 'antd';
import { CameraIcon } from './icons';

/**
 * Extension point: the photo area of step 1.5 (upload modal, images only, JPG/PNG/HEIC, at most 10
 * files of 10 MB). The photos issue replaces the placeholder below with the kit's upload widget.
 */
export interface PhotosSlotProps {
  /** The saved property the photos belong to; null while the property is not saved yet (photos need an id). */
  propertyId: string | null;
  /** Demo mode skips photo calls (spec section 6). */
  demo: boolean;
}

export function PhotosSlot({ propertyId }: PhotosSlotProps) {
  return (
    <Card className="wz-photos" title={<h2 className="wz-card-title">Photos</h2>}>
      <div className="wz-photos__area" data-slot="photos" data-property-id={propertyId ?? ''}>
        <span className="wz-photos__icon" aria-hidden="true">
          <CameraIcon size={22} />
        </span>
        <p className="wz-placeholder__title">Room-by-room photos</p>
        <p className="wz-muted">
          {propertyId
            ? 'Photo uploads for this property arrive here soon.'
            : 'Analyze the property first; you can then add photos of each room here.'}
        </p>
      </div>
    </Card>
  );
}
