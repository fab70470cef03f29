/** An S3 error answer: HTTP status, S3's error code and message, and extra elements of the XML body. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

export const noSuchKey = (key: string) => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
export const noSuchBucket = (bucket: string) =>
  new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
export const noSuchUpload = (uploadId: string) =>
  new S3Error(
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    { UploadId: uploadId },
  );
export const notImplemented = (what: string) =>
  new S3Error(501, 'NotImplemented', `A header or query you provided implies functionality that is not implemented: ${what}`);
