/**
 * The uploader itself (Uppy: core, dashboard, aws-s3). It is heavy, so it is only ever loaded through
 * PhotoUploadModal's lazy import, when the modal opens.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Progress, Typography } from 'antd';
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import AwsS3, { type AwsBody } from '@uppy/aws-s3';
import Dashboard from '@uppy/react/dashboard';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { uploadLimits, type Photo } from '@hsa/contracts';
import { useToast } from '../feedback/useToast';
import { attachPhoto, requestPhotoUpload } from './photoApi';
import { RefusedFiles } from './RefusedFiles';
import { countLabel, failedFiles, uploadCounts, type RefusedFile } from './uploadOutcome';
import { overallUploadState, uploadStateLabels, type UploadState } from './uploadState';
import {
  chunkSize,
  dashboardLayout,
  photoFileTypes,
  photoNote,
  shouldUseMultipart,
  uploadErrorToast,
  uploaderEndpoint,
  uploaderLocale,
} from './uploaderSettings';

interface PhotoMeta extends Meta {
  propertyId: string;
  size: string;
}
type PhotoUppy = Uppy<PhotoMeta, AwsBody>;

export interface PhotoUploaderProps {
  propertyId: string;
  /** At most this many files (default 10; the single-photo uploader passes 1). */
  maxFiles?: number;
  /** Called for each photo saved on the property. */
  onUploaded?: (photo: Photo) => void;
  /** Called when an upload batch ends (some files may have failed). */
  onComplete?: (result: { successful: number; failed: number }) => void;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `${status}: ${body}` errors of the API -> the body's message, for a person. */
function apiMessage(error: unknown): string {
  const text = errorMessage(error);
  const json = text.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(json) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON
  }
  return json;
}

/** Why no upload URL could be had, for a person: the API's own words for a refusal (4xx), else the spec's text. */
function preparationMessage(error: unknown): string {
  const status = Number(/^(\d{3}): /.exec(errorMessage(error))?.[1]);
  return status >= 400 && status < 500 ? apiMessage(error) : uploadErrorToast.description;
}

interface UploaderHooks {
  saved: (photo: Photo) => void;
}

function createUploader(props: Required<Pick<PhotoUploaderProps, 'propertyId' | 'maxFiles'>>, hooks: UploaderHooks): PhotoUppy {
  const uppy = new Uppy<PhotoMeta, AwsBody>({
    id: `photos-${props.propertyId}`,
    autoProceed: false,
    allowMultipleUploadBatches: true,
    restrictions: {
      maxNumberOfFiles: props.maxFiles,
      maxFileSize: uploadLimits.maxPhotoBytes,
      allowedFileTypes: photoFileTypes,
    },
    meta: { propertyId: props.propertyId, size: '' },
    locale: uploaderLocale,
  });

  uppy.use(AwsS3<PhotoMeta, AwsBody>, {
    // Large files: the gateway's S3 multipart endpoints.
    endpoint: uploaderEndpoint,
    shouldUseMultipart: (file) => shouldUseMultipart(file),
    getChunkSize: chunkSize,
    limit: uploadLimits.concurrentRequests,
    retryDelays: [...uploadLimits.retryDelaysMs],
    allowedMetaFields: ['propertyId', 'size'],
    // Small files: the spec's POST /api/objects/upload, then a PUT to the URL (signed for this type and size).
    getUploadParameters: async (file) => {
      try {
        const upload = await requestPhotoUpload({
          propertyId: props.propertyId,
          ...(file.type ? { contentType: file.type } : {}),
          ...(file.size !== null ? { size: file.size } : {}),
        });
        return { method: 'PUT' as const, url: upload.uploadURL, headers: upload.headers, fields: {} };
      } catch (error) {
        // Reported as 'Upload Error' once the uploader has told the file's failure (see onUploadError).
        throw Object.assign(new Error(preparationMessage(error)), { preparationFailed: true });
      }
    },
  });

  uppy.on('file-added', (file) => uppy.setFileMeta(file.id, { propertyId: props.propertyId, size: String(file.size ?? '') }));

  // After the bytes are stored: save each file as a photo of the property (its postprocessing step).
  uppy.addPostProcessor(async (fileIDs) => {
    for (const id of fileIDs) {
      const file = uppy.getFile(id);
      const uploadURL = file?.response?.uploadURL;
      if (!file || file.error || !uploadURL) continue;
      uppy.emit('postprocess-progress', file, { mode: 'indeterminate', message: 'Saving photo…' });
      try {
        const photo = await attachPhoto(props.propertyId, uploadURL);
        uppy.emit('postprocess-complete', uppy.getFile(id));
        hooks.saved(photo);
      } catch (error) {
        uppy.emit('postprocess-complete', uppy.getFile(id));
        const message = apiMessage(error);
        // Its bytes arrived but the server refused them (and deleted them): the file is not uploaded, so it must not
        // count as such ("1 of 1 file uploaded", "Upload complete").
        const refused = uppy.getFile(id);
        uppy.setFileState(id, { error: message, progress: { ...refused.progress, uploadComplete: false } });
        uppy.emit('upload-error', uppy.getFile(id), new Error(message));
      }
    }
  });
  return uppy;
}

/** Subscribes to the uploader's state (React 19's useSyncExternalStore over Uppy's store). */
function useUploaderState<T>(uppy: PhotoUppy, select: (uppy: PhotoUppy) => T): T {
  const snapshot = useSyncExternalStore(
    (onChange) => uppy.store.subscribe(onChange),
    () => uppy.store.getState(),
  );
  return useMemo(() => select(uppy), [snapshot, uppy]);
}

/** The upload dashboard: picker or drag-and-drop, per-file and overall progress, toasts for every message. */
export default function PhotoUploader({ propertyId, maxFiles = uploadLimits.maxPhotoFiles, onUploaded, onComplete }: PhotoUploaderProps) {
  const toast = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const callbacks = useRef({ onUploaded, onComplete });
  callbacks.current = { onUploaded, onComplete };
  const [uppy] = useState(() =>
    createUploader({ propertyId, maxFiles }, { saved: (photo) => callbacks.current.onUploaded?.(photo) }),
  );
  // Files refused before they were added (type, size): the uploader does not list them, so they are kept here.
  const [rejected, setRejected] = useState<RefusedFile[]>([]);

  useEffect(() => {
    // Every message the uploader shows (limits, duplicates, failures, offline) also becomes the page's toast.
    const onInfo = () => {
      for (const info of uppy.getState().info) {
        const details = typeof info.details === 'string' ? info.details : undefined;
        if (info.type === 'error') toastRef.current.error(info.message, details);
        else if (info.type === 'success') toastRef.current.success(info.message, details);
        else toastRef.current.info(info.message, details);
      }
    };
    const onPause = (_file: UppyFile<PhotoMeta, AwsBody> | undefined, isPaused: boolean) => {
      if (isPaused) toastRef.current.info('Upload paused');
    };
    const onPauseAll = () => toastRef.current.info('Upload paused');
    const onDone = (result: { successful?: unknown[]; failed?: unknown[] }) => {
      const successful = result.successful?.length ?? 0;
      const failed = result.failed?.length ?? 0;
      if (successful > 0 && failed === 0) toastRef.current.success('Upload complete', `${successful} photo${successful === 1 ? '' : 's'} added`);
      callbacks.current.onComplete?.({ successful, failed });
    };
    // Runs after the uploader's own 'Failed to upload {file}' message, so the spec's toast is the one left showing.
    const onUploadError = (_file: unknown, error: { message: string }) => {
      if ((error as { preparationFailed?: boolean }).preparationFailed) toastRef.current.error(uploadErrorToast.title, uploadErrorToast.description);
    };
    const onRestrictionFailed = (file: { id?: string; name?: string } | undefined, error: Error) => {
      const name = file?.name;
      // A duplicate of a listed file is not a refused file: the listed one goes up.
      if (!name || (file.id && uppy.getFile(file.id))) return;
      setRejected((list) => [...list.filter((r) => r.name !== name), { name, reason: error.message }]);
    };
    const onNewUpload = () => setRejected([]);
    uppy.on('info-visible', onInfo);
    uppy.on('restriction-failed', onRestrictionFailed);
    uppy.on('upload', onNewUpload);
    uppy.on('upload-error', onUploadError);
    uppy.on('upload-pause', onPause);
    uppy.on('pause-all', onPauseAll);
    uppy.on('complete', onDone);
    return () => {
      uppy.off('info-visible', onInfo);
      uppy.off('restriction-failed', onRestrictionFailed);
      uppy.off('upload', onNewUpload);
      uppy.off('upload-error', onUploadError);
      uppy.off('upload-pause', onPause);
      uppy.off('pause-all', onPauseAll);
      uppy.off('complete', onDone);
    };
  }, [uppy]);

  // Uploads still running when the uploader goes away are cancelled (multipart ones aborted on the server).
  useEffect(() => () => void uppy.cancelAll(), [uppy]);

  const { state, percent, count, counts, failed } = useUploaderState(uppy, (u) => {
    const { files, error, totalProgress } = u.getState();
    const list = Object.values(files);
    return {
      state: overallUploadState(list, error) as UploadState,
      percent: totalProgress,
      count: list.length,
      counts: uploadCounts(list),
      failed: failedFiles(list),
    };
  });

  return (
    <div>
      <RefusedFiles files={[...rejected, ...failed]} />
      <Dashboard
        uppy={uppy}
        width={dashboardLayout.width}
        height={dashboardLayout.height}
        thumbnailWidth={dashboardLayout.thumbnailWidth}
        note={maxFiles === 1 ? 'One image (JPG, PNG, HEIC), up to 10 MB' : `${photoNote}, up to ${maxFiles} files`}
        proudlyDisplayPoweredByUppy={false}
        hideProgressDetails={false}
        fileManagerSelectionType="files"
      />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 12 }} aria-live="polite">
        <Typography.Text data-testid="upload-state" data-state={state} strong>
          {count === 0 ? 'No photos selected' : uploadStateLabels[state]}
        </Typography.Text>
        {counts.sent > 0 ? <Typography.Text data-testid="upload-count">{countLabel(counts)}</Typography.Text> : null}
        {count > 0 ? (
          <Progress
            percent={percent}
            size="small"
            style={{ flex: 1, margin: 0 }}
            status={state === 'error' ? 'exception' : state === 'complete' ? 'success' : 'active'}
            aria-label="Overall upload progress"
          />
        ) : null}
      </div>
    </div>
  );
}
