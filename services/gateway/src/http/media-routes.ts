import { Router, type Request } from 'express';
import {
  attachPhotoSchema,
  completeMultipartSchema,
  createMultipartSchema,
  createUploadSchema,
  mediaMessages,
  photoIdSchema,
  photoVariantSchema,
  propertyIdSchema,
  updatePhotoSchema,
  type UploadParametersResponse,
} from '@hsa/contracts';
import { AppError, fromZodError, invalidArgument, notFound } from '@hsa/service-kit';
import type { MediaClient, UploadScope } from '../adapters/media-client';
import type { PropertyClient } from '../adapters/property-client';
import { requireUser, sendError } from './errors';
import type { RateLimiting } from './rate-limits';

export interface MediaRoutesDependencies {
  media: Pick<
    MediaClient,
    | 'createUpload'
    | 'attach'
    | 'list'
    | 'updateRoomType'
    | 'imageUrl'
    | 'createMultipartUpload'
    | 'listParts'
    | 'signPart'
    | 'completeMultipartUpload'
    | 'abortMultipartUpload'
  >;
  properties: Pick<PropertyClient, 'get'>;
  /** Issuing an upload address counts as `upload`. */
  limit: RateLimiting;
}

/** Where the uploader's S3 calls are mounted (the `endpoint` option of @uppy/aws-s3). */
export const UPLOADER_ENDPOINT = '/api/uploads';

/**
 * The spec's photo calls and the uploader's S3 endpoints. Every one needs a signed-in user. Property-scoped calls
 * first ask the property service for the property as the user (404 when it is not theirs), then the media service,
 * which scopes photos and object keys to the user again.
 *
 * Mount before propertyRoutes (or anywhere before the API 404): paths are /api/objects/*, /api/uploads/* and
 * /api/properties/{id}/photos*.
 */
export function mediaRoutes(deps: MediaRoutesDependencies): Router {
  const router = Router();
  const { media, properties } = deps;
  const uploadLimit = deps.limit('upload');
  router.use(['/api/objects', UPLOADER_ENDPOINT], requireUser);

  const userId = (req: Request) => req.user!.id;

  /** The route's property, checked to be the user's; its id as the property service knows it. */
  const ownedPropertyId = async (req: Request, id: unknown = req.params.id): Promise<string> => {
    const parsed = propertyIdSchema.safeParse(id);
    if (!parsed.success) throw notFound('Property not found');
    return (await properties.get(userId(req), parsed.data)).id;
  };

  /** An uploader scope (propertyId, contentType, size) whose property, if any, is the user's. */
  const ownedScope = async (req: Request, scope: UploadScope): Promise<UploadScope> =>
    scope.propertyId ? { ...scope, propertyId: await ownedPropertyId(req, scope.propertyId) } : scope;

  // -- the spec's photo calls --------------------------------------------------------------------------------

  router.post('/api/objects/upload', uploadLimit, async (req, res) => {
    const body = createUploadSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    res.set('Cache-Control', 'no-store');
    res.json(await media.createUpload(userId(req), await ownedScope(req, body.data)));
  });

  router.get('/api/properties/:id/photos', requireUser, async (req, res) => {
    const propertyId = await ownedPropertyId(req);
    res.set('Cache-Control', 'no-store');
    res.json(await media.list(userId(req), propertyId));
  });

  router.post('/api/properties/:id/photos', requireUser, async (req, res) => {
    const body = attachPhotoSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    const propertyId = await ownedPropertyId(req);
    res.status(201).json(await media.attach(userId(req), propertyId, body.data));
  });

  router.patch('/api/properties/:id/photos/:photoId', requireUser, async (req, res) => {
    const body = updatePhotoSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    const propertyId = await ownedPropertyId(req);
    res.json(await media.updateRoomType(userId(req), propertyId, photoIdOf(req), body.data.roomType));
  });

  // The image of a photo (?variant=thumbnail: its thumbnail): a redirect to a short-lived signed URL, so pages can
  // keep a stable address. The store answers it inline as the stored type, with nosniff (see the media service).
  router.get('/api/properties/:id/photos/:photoId/image', requireUser, async (req, res) => {
    const propertyId = await ownedPropertyId(req);
    const variant = photoVariantSchema.default('full').safeParse(req.query.variant);
    if (!variant.success) throw fromZodError(variant.error);
    const { url, expiresIn } = await media.imageUrl(userId(req), propertyId, photoIdOf(req), variant.data);
    res.set('Cache-Control', `private, max-age=${Math.max(0, expiresIn - 60)}`);
    res.redirect(302, url);
  });

  // -- the uploader's S3 calls (Companion's endpoints, as @uppy/aws-s3 sends them) ---------------------------

  router.post(`${UPLOADER_ENDPOINT}/s3/multipart`, uploadLimit, async (req, res) => {
    const body = createMultipartSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    const scope = await ownedScope(req, uploaderScope(body.data.type, body.data.metadata));
    res.json(await media.createMultipartUpload(userId(req), scope));
  });

  router.get(`${UPLOADER_ENDPOINT}/s3/multipart/:uploadId`, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await media.listParts(userId(req), String(req.params.uploadId), keyOf(req)));
  });

  router.get(`${UPLOADER_ENDPOINT}/s3/multipart/:uploadId/:partNumber`, async (req, res) => {
    const key = typeof req.query.key === 'string' ? req.query.key : '';
    const partNumber = Number(req.params.partNumber);
    if (!key || !req.params.uploadId || !Number.isInteger(partNumber) || partNumber < 1) throw invalidArgument(mediaMessages.cannotSign);
    res.set('Cache-Control', 'no-store');
    res.json(await media.signPart(userId(req), String(req.params.uploadId), key, partNumber));
  });

  router.post(`${UPLOADER_ENDPOINT}/s3/multipart/:uploadId/complete`, async (req, res) => {
    const key = keyOf(req);
    const body = completeMultipartSchema.safeParse(req.body ?? {});
    if (!body.success) throw fromZodError(body.error);
    res.json(await media.completeMultipartUpload(userId(req), String(req.params.uploadId), key, body.data.parts));
  });

  router.delete(`${UPLOADER_ENDPOINT}/s3/multipart/:uploadId`, async (req, res) => {
    await media.abortMultipartUpload(userId(req), String(req.params.uploadId), keyOf(req));
    res.json({});
  });

  // Single-part upload parameters (the uploader's default when no getUploadParameters function is given).
  router.get(`${UPLOADER_ENDPOINT}/s3/params`, uploadLimit, async (req, res) => {
    const type = typeof req.query.type === 'string' ? req.query.type : undefined;
    const scope = await ownedScope(req, uploaderScope(type, metadataFromQuery(req.query)));
    const upload = await media.createUpload(userId(req), scope);
    const answer: UploadParametersResponse = {
      method: 'PUT',
      url: upload.uploadURL,
      fields: {},
      headers: upload.headers,
      key: upload.key,
      expires: upload.expiresIn,
    };
    res.set('Cache-Control', 'no-store');
    res.json(answer);
  });

  // Temporary credentials are not handed out: see mediaMessages.temporaryCredentialsDisabled and the README.
  router.get(`${UPLOADER_ENDPOINT}/s3/sts`, (_req, res) => {
    sendError(res, 501, mediaMessages.temporaryCredentialsDisabled);
  });

  router.all(`${UPLOADER_ENDPOINT}/*path`, (req) => {
    throw new AppError('NOT_FOUND', `Not found: ${req.method} ${req.path}`);
  });

  return router;
}

function photoIdOf(req: Request): string {
  const parsed = photoIdSchema.safeParse(req.params.photoId);
  if (!parsed.success) throw notFound('Photo not found');
  return parsed.data;
}

function keyOf(req: Request): string {
  const key = req.query.key;
  if (typeof key !== 'string' || !key) throw invalidArgument(mediaMessages.keyRequired, [{ path: 'key', message: mediaMessages.keyRequired }]);
  return key;
}

/** The uploader sends file metadata; only propertyId and size mean something here. */
function uploaderScope(type: string | undefined, metadata: Record<string, unknown> | undefined): UploadScope {
  const propertyId = metadata?.propertyId;
  const size = Number(metadata?.size);
  return {
    propertyId: typeof propertyId === 'string' && propertyId ? propertyId : undefined,
    contentType: type || undefined,
    size: Number.isInteger(size) && size >= 0 ? size : undefined,
  };
}

/** `metadata[name]=value` query parameters, whichever way the query parser grouped them. */
function metadataFromQuery(query: Request['query']): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  const nested = query.metadata;
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) Object.assign(metadata, nested);
  for (const [name, value] of Object.entries(query)) {
    const match = /^metadata\[([^\]]+)\]$/.exec(name);
    if (match && typeof value === 'string') metadata[match[1]!] = value;
  }
  return metadata;
}
