import { Suspense, lazy, useState } from 'react';
import { Modal, Skeleton } from 'antd';
import type { Photo } from '@hsa/contracts';
import { uploadLimits } from '@hsa/contracts';
import { dashboardLayout } from './uploaderSettings';

// Uppy is heavy: its code and styles load only when a modal opens for the first time.
const PhotoUploader = lazy(() => import('./PhotoUploader'));

export interface PhotoUploadModalProps {
  open: boolean;
  onClose: () => void;
  propertyId: string;
  /** The single-photo uploader passes 1; default 10. */
  maxFiles?: number;
  title?: string;
  onUploaded?: (photo: Photo) => void;
  onComplete?: (result: { successful: number; failed: number }) => void;
}

/**
 * The spec's photo upload modal: images only (JPG, PNG, HEIC), at most 10 files of 10 MB each (1 for the
 * single-photo uploader), drag-and-drop or picker, per-file and overall progress. Closing it keeps uploads going;
 * it is mounted once opened, so the uploader's state survives closing and reopening.
 */
export function PhotoUploadModal({
  open,
  onClose,
  propertyId,
  maxFiles = uploadLimits.maxPhotoFiles,
  title = maxFiles === 1 ? 'Add a Photo' : 'Add Photos',
  onUploaded,
  onComplete,
}: PhotoUploadModalProps) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={title}
      width={dashboardLayout.width + 48}
      forceRender={false}
      destroyOnHidden={false}
      styles={{ body: { minHeight: dashboardLayout.height } }}
    >
      {opened ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <PhotoUploader key={propertyId} propertyId={propertyId} maxFiles={maxFiles} onUploaded={onUploaded} onComplete={onComplete} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
