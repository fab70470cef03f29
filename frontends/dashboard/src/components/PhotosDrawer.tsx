import { Drawer } from 'antd';
import { PropertyPhotos } from '@hsa/ui-kit';

/** The property's photos (thumbnails, room types, the upload modal) in a drawer; loaded the first time one opens. */
export default function PhotosDrawer({ propertyId, street, open, onClose }: { propertyId: string; street: string; open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} title={`Photos of ${street}`} size={760} destroyOnHidden={false}>
      <PropertyPhotos propertyId={propertyId} title="Photos" />
    </Drawer>
  );
}
