import type { CreateUploadResponse, Photo, PhotoVariant, RoomType, UploadedPart } from '@hsa/contracts';
import { loadMediaProto, partMessageToApi, photoMessageToApi, type MediaServiceClient } from '@hsa/protos';
import { call, createClient, type InternalTokenSigner, waitForReady } from '@hsa/service-kit';

export interface UploadScope {
  propertyId?: string | undefined;
  contentType?: string | undefined;
  size?: number | undefined;
}

/** Completing a multipart upload joins every part and checks the object: far slower than other calls. */
const COMPLETE_TIMEOUT_MS = 120_000;
/** Attaching a photo decodes and encodes it again (a 48-megapixel photo takes seconds on a busy machine). */
const ATTACH_TIMEOUT_MS = 30_000;

/**
 * The media service as the gateway sees it: API shapes in, API shapes out, the user on every call. Property
 * ownership is checked by the caller (the property service) before property-scoped calls.
 */
export class MediaClient {
  private readonly client: MediaServiceClient;

  constructor(
    signer: InternalTokenSigner,
    address: string,
    private readonly timeoutMs: number,
  ) {
    this.client = createClient(loadMediaProto().MediaService, address, { signer, audience: 'media' });
  }

  async createUpload(userId: string, scope: UploadScope): Promise<CreateUploadResponse> {
    const res = await call(this.client, this.client.createUpload, definedOnly(scope), this.opts(userId));
    return { uploadURL: res.url, key: res.key, expiresIn: res.expiresInSeconds, headers: res.headers };
  }

  /** Attaching re-encodes the image on the server: slower than the other calls. */
  async attach(userId: string, propertyId: string, input: { originalPath: string; roomType: RoomType }): Promise<Photo> {
    const options = { userId, timeoutMs: Math.max(this.timeoutMs, ATTACH_TIMEOUT_MS) };
    return photoMessageToApi(await call(this.client, this.client.attachPhoto, { propertyId, ...input }, options));
  }

  async list(userId: string, propertyId: string): Promise<Photo[]> {
    const res = await call(this.client, this.client.listPhotos, { propertyId }, this.opts(userId));
    return res.photos.map(photoMessageToApi);
  }

  async updateRoomType(userId: string, propertyId: string, photoId: string, roomType: RoomType): Promise<Photo> {
    return photoMessageToApi(await call(this.client, this.client.updatePhoto, { propertyId, photoId, roomType }, this.opts(userId)));
  }

  async imageUrl(userId: string, propertyId: string, photoId: string, variant: PhotoVariant = 'full'): Promise<{ url: string; expiresIn: number }> {
    const res = await call(this.client, this.client.getPhotoUrl, { propertyId, photoId, variant }, this.opts(userId));
    return { url: res.url, expiresIn: res.expiresInSeconds };
  }

  async createMultipartUpload(userId: string, scope: UploadScope): Promise<{ uploadId: string; key: string }> {
    const res = await call(this.client, this.client.createMultipartUpload, definedOnly(scope), this.opts(userId));
    return { uploadId: res.uploadId, key: res.key };
  }

  async listParts(userId: string, uploadId: string, key: string): Promise<UploadedPart[]> {
    const res = await call(this.client, this.client.listParts, { uploadId, key }, this.opts(userId));
    return res.parts.map(partMessageToApi);
  }

  async signPart(userId: string, uploadId: string, key: string, partNumber: number): Promise<{ url: string; expires: number }> {
    const res = await call(this.client, this.client.signPart, { uploadId, key, partNumber }, this.opts(userId));
    return { url: res.url, expires: res.expiresInSeconds };
  }

  async completeMultipartUpload(
    userId: string,
    uploadId: string,
    key: string,
    parts: { PartNumber: number; ETag: string }[],
  ): Promise<{ location: string; key: string }> {
    const res = await call(
      this.client,
      this.client.completeMultipartUpload,
      { uploadId, key, parts: parts.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag })) },
      { userId, timeoutMs: Math.max(this.timeoutMs, COMPLETE_TIMEOUT_MS) },
    );
    return { location: res.location, key: res.key };
  }

  async abortMultipartUpload(userId: string, uploadId: string, key: string): Promise<void> {
    await call(this.client, this.client.abortMultipartUpload, { uploadId, key }, this.opts(userId));
  }

  async ready(): Promise<boolean> {
    return waitForReady(this.client, 1000).then(
      () => true,
      () => false,
    );
  }

  close(): void {
    this.client.close();
  }

  private opts(userId: string) {
    return { userId, timeoutMs: this.timeoutMs };
  }
}

function definedOnly(scope: UploadScope): { propertyId?: string; contentType?: string; size?: number } {
  return Object.fromEntries(Object.entries(scope).filter(([, value]) => value !== undefined && value !== ''));
}
