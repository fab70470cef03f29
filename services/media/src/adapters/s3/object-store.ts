import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError, invalidArgument, notFound } from '@hsa/service-kit';
import { mediaMessages } from '@hsa/contracts';
import { traceS3Commands } from './traced-commands';

export interface ObjectStoreConfig {
  /** S3 API endpoint the service calls (unset: AWS S3 of `region`). */
  endpoint?: string | undefined;
  /** Endpoint browsers reach for presigned URLs, when it differs (e.g. a public host in front of MinIO). */
  publicEndpoint?: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (environment, instance role, ...). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
  etag: string | undefined;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
  lastModified: string | undefined;
}

/**
 * The bucket as the media service uses it, through the AWS SDK v3: the same code against AWS S3, MinIO or the
 * embedded server. Presigned URLs are made with a client for the public endpoint, because the host is signed.
 */
export class ObjectStore {
  private readonly client: S3Client;
  private readonly presigner: S3Client;

  constructor(private readonly config: ObjectStoreConfig) {
    const base = (endpoint: string | undefined): S3ClientConfig => ({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(endpoint ? { endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Otherwise SDK v3 bakes a checksum of an empty body into presigned URLs, which S3 then rejects.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
    this.client = new S3Client(base(config.endpoint));
    traceS3Commands(this.client, config.region);
    this.presigner = new S3Client(base(config.publicEndpoint ?? config.endpoint));
  }

  get bucket(): string {
    return this.config.bucket;
  }

  /** A presigned PUT of exactly `contentLength` bytes (and the type, when given): both are signed. */
  async presignPut(key: string, options: { contentType?: string | undefined; contentLength: number; expiresIn: number }) {
    const signed = new Set<string>(['content-length']);
    const headers: Record<string, string> = {};
    if (options.contentType) {
      signed.add('content-type');
      headers['Content-Type'] = options.contentType;
    }
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentLength: options.contentLength,
      ...(options.contentType ? { ContentType: options.contentType } : {}),
    });
    const url = await getSignedUrl(this.presigner, command, { expiresIn: options.expiresIn, signableHeaders: signed });
    return { url, headers };
  }

  /** A presigned GET whose answer carries the given type and Content-Disposition (S3 applies both). */
  presignGet(key: string, options: { expiresIn: number; responseContentType?: string; responseContentDisposition?: string }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.responseContentType ? { ResponseContentType: options.responseContentType } : {}),
      ...(options.responseContentDisposition ? { ResponseContentDisposition: options.responseContentDisposition } : {}),
    });
    return getSignedUrl(this.presigner, command, { expiresIn: options.expiresIn });
  }

  /** The whole object, if it holds at most `maxBytes` (checked before reading); undefined when there is none. */
  async read(key: string, maxBytes: number): Promise<{ bytes: Buffer; etag: string | undefined } | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((res.ContentLength ?? 0) > maxBytes) {
        (res.Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw invalidArgument(mediaMessages.photoTooLarge);
      }
      return { bytes: Buffer.from((await res.Body?.transformToByteArray()) ?? new Uint8Array()), etag: res.ETag };
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw storeError(err);
    }
  }

  /** Writes an object the service made itself. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
    } catch (err) {
      throw storeError(err);
    }
  }

  /** The object's size and type; undefined when there is none. */
  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType, etag: res.ETag };
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw storeError(err);
    }
  }

  /** Up to `count` leading bytes of the object. */
  async readStart(key: string, count: number): Promise<Uint8Array> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${count - 1}` }));
      return (await res.Body?.transformToByteArray()) ?? new Uint8Array();
    } catch (err) {
      if (statusOf(err) === 416) return new Uint8Array(); // an empty object has no byte 0
      throw storeError(err);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      throw storeError(err);
    }
  }

  async createMultipartUpload(key: string, contentType: string | undefined): Promise<string> {
    try {
      const res = await this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ...(contentType ? { ContentType: contentType } : {}) }),
      );
      if (!res.UploadId) throw new AppError('UNAVAILABLE', 'Object storage answered no upload id');
      return res.UploadId;
    } catch (err) {
      throw storeError(err);
    }
  }

  /** A presigned UploadPart for exactly `contentLength` bytes (signed: any other length is refused). */
  presignPart(key: string, uploadId: string, partNumber: number, contentLength: number, expiresIn: number): Promise<string> {
    const command = new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: contentLength });
    return getSignedUrl(this.presigner, command, { expiresIn, signableHeaders: new Set(['content-length']) });
  }

  /** Every uploaded part (all pages), by part number. */
  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    try {
      for (;;) {
        const res = await this.client.send(
          new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, ...(marker ? { PartNumberMarker: marker } : {}) }),
        );
        for (const p of res.Parts ?? []) {
          parts.push({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0, lastModified: p.LastModified?.toISOString() });
        }
        if (!res.IsTruncated || !res.NextPartNumberMarker) break;
        marker = res.NextPartNumberMarker;
      }
    } catch (err) {
      throw storeError(err);
    }
    return parts;
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<void> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    } catch (err) {
      throw storeError(err);
    }
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      throw storeError(err);
    }
  }

  /** Where a browser finds the object (path-style, on the public endpoint), without any signature. */
  objectUrl(key: string): string {
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    const endpoint = this.config.publicEndpoint ?? this.config.endpoint;
    if (endpoint) return `${endpoint.replace(/\/+$/, '')}/${this.bucket}/${encodedKey}`;
    return `https://${this.bucket}.s3.${this.config.region}.amazonaws.com/${encodedKey}`;
  }

  /** Readiness: the bucket answers. */
  async ready(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.client.destroy();
    this.presigner.destroy();
  }
}

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

/** S3 failures -> the service's errors: a missing upload or object is NOT_FOUND, S3's 4xx refusals keep their message. */
export function storeError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof S3ServiceException) {
    if (err.name === 'NoSuchUpload') return notFound(mediaMessages.uploadNotFound);
    if (err.name === 'NoSuchKey' || err.name === 'NotFound') return notFound(mediaMessages.uploadNotFound);
    const status = err.$metadata.httpStatusCode ?? 500;
    if (status >= 400 && status < 500 && status !== 403) return invalidArgument(err.message);
  }
  return new AppError('UNAVAILABLE', 'Object storage is unavailable');
}
