import { PropertyPhotos } from '@hsa/ui-kit';

/** The kit's photo widget (thumbnails, room types, the upload modal), in its own chunk (see PhotosSlot). */
export default function PhotosPanel({ propertyId }: { propertyId: string }) {
  return <PropertyPhotos propertyId={propertyId} title="Photos" />;
}
