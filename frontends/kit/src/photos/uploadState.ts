/**
 * The spec's upload states (section 3) of one file and of the whole upload dashboard, read from the uploader's
 * file records. Kept free of the uploader itself, so it can be tested and used without loading it.
 */
export const uploadStates = ['waiting', 'preprocessing', 'uploading', 'postprocessing', 'complete', 'paused', 'error'] as const;
export type UploadState = (typeof uploadStates)[number];

/** The part of an uploader file record the states depend on. */
export interface FileProgressLike {
  error?: string | null | undefined;
  isPaused?: boolean | undefined;
  progress: {
    uploadStarted?: number | null | undefined;
    uploadComplete?: boolean | undefined;
    preprocess?: unknown;
    postprocess?: unknown;
  };
}

export function fileUploadState(file: FileProgressLike): UploadState {
  if (file.error) return 'error';
  if (file.progress.postprocess) return 'postprocessing';
  if (file.progress.uploadComplete) return 'complete';
  if (file.progress.preprocess) return 'preprocessing';
  if (file.isPaused) return 'paused';
  if (file.progress.uploadStarted) return 'uploading';
  return 'waiting';
}

/**
 * The dashboard's overall state, by the spec's precedence: error, complete, paused, uploading, preprocessing,
 * postprocessing, waiting. Complete means every file is done; paused, that every unfinished file is paused.
 */
export function overallUploadState(files: FileProgressLike[], uploaderError?: string | null): UploadState {
  const states = files.map(fileUploadState);
  if (uploaderError || states.includes('error')) return 'error';
  if (states.length > 0 && states.every((s) => s === 'complete')) return 'complete';
  const unfinished = states.filter((s) => s !== 'complete');
  if (unfinished.length > 0 && unfinished.every((s) => s === 'paused')) return 'paused';
  if (states.includes('uploading')) return 'uploading';
  if (states.includes('preprocessing')) return 'preprocessing';
  if (states.includes('postprocessing')) return 'postprocessing';
  return 'waiting';
}

export const uploadStateLabels: Record<UploadState, string> = {
  waiting: 'Waiting',
  preprocessing: 'Preparing',
  uploading: 'Uploading',
  postprocessing: 'Saving',
  complete: 'Upload complete',
  paused: 'Upload paused',
  error: 'Error',
};
