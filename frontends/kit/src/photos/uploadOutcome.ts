import { fileUploadState, type FileProgressLike } from './uploadState';

/** A file that did not become a photo, and why, in the words the uploader or the server gave. */
export interface RefusedFile {
  name: string;
  reason: string;
}

export interface UploadCounts {
  /** Files saved as photos of the property. */
  saved: number;
  /** Files sent (or being sent) in this dashboard: what "N of M" counts against. */
  sent: number;
}

interface UploaderFile extends FileProgressLike {
  name?: string;
}

/**
 * What the uploader's files came to: a file counts as uploaded only once it is saved as a photo (its bytes stored and
 * the server's check passed), never when only its bytes arrived. Files not sent yet are not counted.
 */
export function uploadCounts(files: UploaderFile[]): UploadCounts {
  const sent = files.filter((file) => file.progress.uploadStarted || file.error);
  return { sent: sent.length, saved: sent.filter((file) => fileUploadState(file) === 'complete').length };
}

/** The files with an error, for the list of refused files. */
export function failedFiles(files: UploaderFile[]): RefusedFile[] {
  return files.filter((file) => file.error).map((file) => ({ name: file.name ?? 'A file', reason: file.error! }));
}

export function countLabel({ saved, sent }: UploadCounts): string {
  return `${saved} of ${sent} photo${sent === 1 ? '' : 's'} uploaded`;
}
