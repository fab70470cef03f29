import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3Error, noSuchBucket, noSuchKey, noSuchUpload } from './errors';
import type { RequestedPart } from './xml';

/**
 * The embedded server's storage on disk. Objects live under a hash of their key (so no key can name a path
 * outside the data directory), with a JSON sidecar for their metadata; every write lands in tmp/ first and
 * is renamed into place, so readers never see half an object.
 *
 *   <root>/buckets/<bucket>/objects/<sha256(key)>.bin|.json
 *   <root>/buckets/<bucket>/multipart/<uploadId>/upload.json, <n>.part, <n>.json
 *   <root>/tmp/
 */

export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;
/** S3's limit for one PUT (object or part). */
export const MAX_PUT_BYTES = 5 * 1024 * 1024 * 1024;
const MAX_KEY_BYTES = 1024;

export interface ObjectMeta {
  key: string;
  size: number;
  /** Quoted, as S3 answers it. */
  etag: string;
  contentType: string;
  lastModified: string;
  metadata: Record<string, string>;
}

export interface UploadMeta {
  uploadId: string;
  bucket: string;
  key: string;
  contentType: string;
  metadata: Record<string, string>;
  initiated: string;
}

export interface PartMeta {
  partNumber: number;
  etag: string;
  size: number;
  lastModified: string;
}

export interface IncomingBody {
  stream: Readable;
  contentLength: number;
  /** Hex SHA-256 the body must have (header-signed requests), if any. */
  sha256?: string | undefined;
  /** Base64 MD5 from Content-MD5, if any. */
  md5Base64?: string | undefined;
}

const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const uploadIdPattern = /^[A-Za-z0-9_-]{16,128}$/;

export function checkKey(key: string): void {
  if (!key) throw new S3Error(400, 'InvalidArgument', 'An object key is required.');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
}

const quote = (hex: string) => `"${hex}"`;
const unquote = (etag: string) => etag.replace(/^W\//, '').replace(/^"|"$/g, '');

export class DiskStore {
  private readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  async init(buckets: string[]): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    // Leftovers of writes interrupted by a crash.
    for (const name of await readdir(this.tmpDir)) await rm(path.join(this.tmpDir, name), { recursive: true, force: true });
    for (const bucket of buckets) await this.createBucket(bucket);
  }

  private bucketDir(bucket: string): string {
    return path.join(this.root, 'buckets', bucket);
  }

  async bucketExists(bucket: string): Promise<boolean> {
    if (!bucketName.test(bucket)) return false;
    return stat(this.bucketDir(bucket)).then(
      (s) => s.isDirectory(),
      () => false,
    );
  }

  async requireBucket(bucket: string): Promise<void> {
    if (!(await this.bucketExists(bucket))) throw noSuchBucket(bucket);
  }

  async createBucket(bucket: string): Promise<void> {
    if (!bucketName.test(bucket)) throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.', { BucketName: bucket });
    await mkdir(path.join(this.bucketDir(bucket), 'objects'), { recursive: true });
    await mkdir(path.join(this.bucketDir(bucket), 'multipart'), { recursive: true });
  }

  private objectFiles(bucket: string, key: string): { data: string; meta: string } {
    const base = path.join(this.bucketDir(bucket), 'objects', createHash('sha256').update(key).digest('hex'));
    return { data: `${base}.bin`, meta: `${base}.json` };
  }

  private tmpFile(): string {
    return path.join(this.tmpDir, randomBytes(12).toString('hex'));
  }

  /** Streams a request body to a temporary file, checking its length and digests; resolves with the file and its MD5. */
  private async receive(body: IncomingBody): Promise<{ file: string; md5: Buffer; size: number }> {
    const file = this.tmpFile();
    const md5 = createHash('md5');
    const sha256 = body.sha256 ? createHash('sha256') : undefined;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > body.contentLength) {
          callback(new S3Error(400, 'IncompleteBody', 'The request body is longer than its Content-Length.'));
          return;
        }
        md5.update(chunk);
        sha256?.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body.stream, meter, createWriteStream(file));
      if (size !== body.contentLength) {
        throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
      }
      const digest = md5.digest();
      if (body.md5Base64 !== undefined && digest.toString('base64') !== body.md5Base64) {
        throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
      }
      if (sha256 && sha256.digest('hex') !== body.sha256) {
        throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
      }
      return { file, md5: digest, size };
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
  }

  private async writeJson(target: string, value: unknown): Promise<void> {
    const file = this.tmpFile();
    await writeFile(file, JSON.stringify(value));
    await rename(file, target);
  }

  private async commitObject(bucket: string, meta: ObjectMeta, dataFile: string): Promise<ObjectMeta> {
    const files = this.objectFiles(bucket, meta.key);
    await rename(dataFile, files.data);
    await this.writeJson(files.meta, meta);
    return meta;
  }

  async putObject(
    bucket: string,
    key: string,
    body: IncomingBody,
    attributes: { contentType: string; metadata: Record<string, string> },
  ): Promise<ObjectMeta> {
    checkKey(key);
    await this.requireBucket(bucket);
    const { file, md5, size } = await this.receive(body);
    return this.commitObject(
      bucket,
      { key, size, etag: quote(md5.toString('hex')), lastModified: new Date().toISOString(), ...attributes },
      file,
    );
  }

  async headObject(bucket: string, key: string): Promise<ObjectMeta> {
    checkKey(key);
    await this.requireBucket(bucket);
    const files = this.objectFiles(bucket, key);
    try {
      const meta = JSON.parse(await readFile(files.meta, 'utf8')) as ObjectMeta;
      await stat(files.data);
      return meta;
    } catch {
      throw noSuchKey(key);
    }
  }

  /** The object's bytes from `start` to `end` (inclusive). */
  readObject(bucket: string, key: string, start: number, end: number): Readable {
    return createReadStream(this.objectFiles(bucket, key).data, { start, end });
  }

  /** CopyObject within this server; with `ifMatch`, only while the source still has that ETag (else 412). */
  async copyObject(source: { bucket: string; key: string }, bucket: string, key: string, ifMatch?: string): Promise<ObjectMeta> {
    checkKey(key);
    await this.requireBucket(bucket);
    const meta = await this.headObject(source.bucket, source.key);
    if (ifMatch !== undefined && unquote(ifMatch) !== unquote(meta.etag)) {
      throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'x-amz-copy-source-If-Match' });
    }
    const file = this.tmpFile();
    await copyFile(this.objectFiles(source.bucket, source.key).data, file);
    // The file might have been replaced between the ETag check and the copy: check the bytes that were copied.
    const copied = createHash('md5');
    for await (const chunk of createReadStream(file)) copied.update(chunk as Buffer);
    if (quote(copied.digest('hex')) !== meta.etag && !meta.etag.includes('-')) {
      await rm(file, { force: true });
      throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'x-amz-copy-source-If-Match' });
    }
    return this.commitObject(bucket, { ...meta, key, lastModified: new Date().toISOString() }, file);
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    checkKey(key);
    await this.requireBucket(bucket);
    const files = this.objectFiles(bucket, key);
    await rm(files.meta, { force: true });
    await rm(files.data, { force: true });
  }

  // -- multipart uploads --------------------------------------------------------------------------------

  private uploadDir(bucket: string, uploadId: string): string {
    return path.join(this.bucketDir(bucket), 'multipart', uploadId);
  }

  async createUpload(bucket: string, key: string, attributes: { contentType: string; metadata: Record<string, string> }): Promise<UploadMeta> {
    checkKey(key);
    await this.requireBucket(bucket);
    const upload: UploadMeta = {
      uploadId: randomBytes(32).toString('base64url'),
      bucket,
      key,
      initiated: new Date().toISOString(),
      ...attributes,
    };
    await mkdir(this.uploadDir(bucket, upload.uploadId), { recursive: true });
    await this.writeJson(path.join(this.uploadDir(bucket, upload.uploadId), 'upload.json'), upload);
    return upload;
  }

  /** The upload `uploadId` of `key`; NoSuchUpload when it does not exist, is finished, or belongs to another key. */
  async getUpload(bucket: string, key: string, uploadId: string): Promise<UploadMeta> {
    await this.requireBucket(bucket);
    if (!uploadIdPattern.test(uploadId)) throw noSuchUpload(uploadId);
    try {
      const upload = JSON.parse(await readFile(path.join(this.uploadDir(bucket, uploadId), 'upload.json'), 'utf8')) as UploadMeta;
      if (upload.key !== key) throw noSuchUpload(uploadId);
      return upload;
    } catch {
      throw noSuchUpload(uploadId);
    }
  }

  async putPart(upload: UploadMeta, partNumber: number, body: IncomingBody): Promise<PartMeta> {
    const dir = this.uploadDir(upload.bucket, upload.uploadId);
    const { file, md5, size } = await this.receive(body);
    const part: PartMeta = { partNumber, etag: quote(md5.toString('hex')), size, lastModified: new Date().toISOString() };
    try {
      // Aborted or completed meanwhile: the upload's folder is gone.
      await stat(path.join(dir, 'upload.json'));
      await rename(file, path.join(dir, `${partNumber}.part`));
      await this.writeJson(path.join(dir, `${partNumber}.json`), part);
    } catch {
      await rm(file, { force: true });
      throw noSuchUpload(upload.uploadId);
    }
    return part;
  }

  async listParts(upload: UploadMeta): Promise<PartMeta[]> {
    const dir = this.uploadDir(upload.bucket, upload.uploadId);
    const names = await readdir(dir).catch(() => {
      throw noSuchUpload(upload.uploadId);
    });
    const parts: PartMeta[] = [];
    for (const name of names) {
      if (!/^\d+\.json$/.test(name)) continue;
      try {
        parts.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as PartMeta);
      } catch {
        // a part being replaced right now: listed on the next call
      }
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Joins the named parts into the object, checking what S3 checks: ascending part numbers, each part
   * uploaded with that ETag, every part but the last at least 5 MiB. The object's ETag is S3's:
   * MD5 of the parts' MD5s, a dash and the part count.
   */
  async completeUpload(upload: UploadMeta, requested: RequestedPart[]): Promise<ObjectMeta> {
    if (requested.length === 0) {
      throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    }
    const stored = new Map((await this.listParts(upload)).map((p) => [p.partNumber, p]));
    const chosen: PartMeta[] = [];
    let previous = 0;
    for (const { partNumber, etag } of requested) {
      if (partNumber <= previous) {
        throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.');
      }
      previous = partNumber;
      const part = stored.get(partNumber);
      if (!part || unquote(part.etag) !== unquote(etag)) {
        throw new S3Error(
          400,
          'InvalidPart',
          "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
          { PartNumber: String(partNumber), ETag: etag },
        );
      }
      chosen.push(part);
    }
    chosen.forEach((part, index) => {
      if (index < chosen.length - 1 && part.size < MIN_PART_BYTES) {
        throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
          ProposedSize: String(part.size),
          MinSizeAllowed: String(MIN_PART_BYTES),
          PartNumber: String(part.partNumber),
        });
      }
    });

    const dir = this.uploadDir(upload.bucket, upload.uploadId);
    const file = this.tmpFile();
    const out = createWriteStream(file);
    try {
      for (const part of chosen) {
        await pipeline(createReadStream(path.join(dir, `${part.partNumber}.part`)), out, { end: false });
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    } catch (err) {
      out.destroy();
      await rm(file, { force: true });
      throw err;
    }
    const etagOfEtags = createHash('md5');
    for (const part of chosen) etagOfEtags.update(Buffer.from(unquote(part.etag), 'hex'));
    const meta: ObjectMeta = {
      key: upload.key,
      size: chosen.reduce((sum, part) => sum + part.size, 0),
      etag: quote(`${etagOfEtags.digest('hex')}-${chosen.length}`),
      contentType: upload.contentType,
      metadata: upload.metadata,
      lastModified: new Date().toISOString(),
    };
    await this.commitObject(upload.bucket, meta, file);
    await rm(dir, { recursive: true, force: true });
    return meta;
  }

  async abortUpload(upload: UploadMeta): Promise<void> {
    await rm(this.uploadDir(upload.bucket, upload.uploadId), { recursive: true, force: true });
  }
}
