import { mediaMessages, multipartPartSize, photoFileTypes as acceptedPhotoFiles, uploadLimits } from '@hsa/contracts';

/** The uploader's settings from the spec (sections 5 and 9), in one place. */

/** Accepted files: the types the media service accepts, and their extensions for browsers that do not know HEIC's type. */
export const photoFileTypes: string[] = [...acceptedPhotoFiles.declared, ...acceptedPhotoFiles.extensions];

/**
 * The uploader's refusals in the media service's words: "Only images can be uploaded (JPG, PNG, HEIC)" instead of a
 * list of MIME types, and the 10 MB limit as the service says it. The list of refused files names each file.
 */
export const uploaderLocale = {
  strings: {
    youCanOnlyUploadFileTypes: mediaMessages.notAnImage,
    exceedsSize: mediaMessages.photoTooLarge,
  },
  // English plural forms, as the uploader's own locale counts them.
  pluralize: (count: number) => (count === 1 ? 0 : 1),
};

export const photoNote = 'Images only (JPG, PNG, HEIC), up to 10 MB each';

/** The upload dashboard: 750 x 550, 280 px thumbnails; 3, 4 and 5 per row from 576, 700 and 900 px (the dashboard's own breakpoints). */
export const dashboardLayout = {
  width: 750,
  height: 550,
  thumbnailWidth: 280,
  breakpoints: [
    { minWidth: 576, perRow: 3 },
    { minWidth: 700, perRow: 4 },
    { minWidth: 900, perRow: 5 },
  ],
} as const;

/** Where the uploader's S3 calls go (the gateway's Companion-style endpoints). */
export const uploaderEndpoint = '/api/uploads';

/** Multipart only for files over 100 MB; parts of at least 5 MB and at most 10,000 of them. */
export function shouldUseMultipart(file: { size: number | null }): boolean {
  return (file.size ?? 0) > uploadLimits.multipartThresholdBytes;
}

/** The server signs each part URL for exactly this cut (contracts' multipartPartSize): the uploader must use it. */
export function chunkSize(file: { size: number }): number {
  return multipartPartSize(file.size);
}

export const uploadErrorToast = { title: 'Upload Error', description: 'Failed to prepare file upload. Please try again.' } as const;
