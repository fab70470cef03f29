import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages, type CreateUploadResponse, type Photo, type Property, type UploadParametersResponse } from '@hsa/contracts';
import { png } from './support/images';
import { TEST_USER_HEADER, startMediaTestStack, type MediaTestStack } from './support/media-stack';

let stack: MediaTestStack;
beforeAll(async () => {
  stack = await startMediaTestStack();
});
afterAll(() => stack?.close());

async function request(path: string, init: { method?: string; user?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.user) headers[TEST_USER_HEADER] = init.user;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, json: json as never };
}

const newUser = () => `user-${randomUUID()}`;
const MiB = 1024 * 1024;
/** A file over the multipart threshold, as the uploader announces it. */
const HUGE = 101 * MiB;
const newProperty = (userId: string): Promise<Property> =>
  stack.properties.create(userId, {
    address: '1 Photo Lane',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95814',
    bedrooms: 3,
    bathrooms: 2,
    squareFootage: 1500,
    propertyType: 'single_family',
  });

async function uploadPhoto(user: string, property: Property, body: Buffer = png()): Promise<Photo> {
  const upload = await request('/api/objects/upload', { method: 'POST', user, json: { propertyId: property.id, contentType: 'image/png', size: body.length } });
  expect(upload.status).toBe(200);
  const { uploadURL, headers } = upload.json as CreateUploadResponse;
  expect((await fetch(uploadURL, { method: 'PUT', body, headers })).status).toBe(200);
  const attached = await request(`/api/properties/${property.id}/photos`, {
    method: 'POST',
    user,
    json: { originalPath: uploadURL.split('?')[0], roomType: 'unassigned' },
  });
  expect(attached.status, JSON.stringify(attached.json)).toBe(201);
  return attached.json as Photo;
}

describe('the spec photo calls', () => {
  it('uploads through POST /api/objects/upload and a PUT, attaches, lists, sets the room type and shows the image', async () => {
    const user = newUser();
    const property = await newProperty(user);

    // The spec's client sent no body; every URL now names the exact size it accepts, so a size is required.
    const bare = await request('/api/objects/upload', { method: 'POST', user });
    expect(bare).toMatchObject({ status: 400, json: { message: mediaMessages.sizeRequired } });
    const sized = await request('/api/objects/upload', { method: 'POST', user, json: { size: 1234 } });
    expect(sized.status).toBe(200);
    expect(Object.keys(sized.json as object).sort()).toEqual(['expiresIn', 'headers', 'key', 'uploadURL']);
    expect((sized.json as CreateUploadResponse).uploadURL).toMatch(new RegExp(`^${stack.s3.endpoint}/hsa-gw-test/uploads/[0-9a-f]{32}/[0-9a-f-]{36}\\?X-Amz-`));

    const photo = await uploadPhoto(user, property);
    expect(Object.keys(photo).sort()).toEqual(['contentType', 'id', 'originalPath', 'propertyId', 'roomType', 'size', 'thumbnailUrl', 'uploadedAt', 'url']);
    expect(photo).toMatchObject({ propertyId: property.id, roomType: 'unassigned', contentType: 'image/jpeg' });
    expect(photo.url).toBe(`/api/properties/${property.id}/photos/${photo.id}/image`);
    expect(photo.thumbnailUrl).toBe(`/api/properties/${property.id}/photos/${photo.id}/image?variant=thumbnail`);
    expect(Number.isNaN(Date.parse(photo.uploadedAt))).toBe(false);

    const listed = await request(`/api/properties/${property.id}/photos`, { user });
    expect(listed).toMatchObject({ status: 200, json: [photo] });
    expect(listed.headers.get('cache-control')).toBe('no-store');

    const patched = await request(`/api/properties/${property.id}/photos/${photo.id}`, { method: 'PATCH', user, json: { roomType: 'master_bedroom' } });
    expect(patched).toMatchObject({ status: 200, json: { ...photo, roomType: 'master_bedroom' } });
    expect((await request(`/api/properties/${property.id}/photos`, { user })).json).toEqual([{ ...photo, roomType: 'master_bedroom' }]);

    for (const address of [photo.url, photo.thumbnailUrl]) {
      const image = await request(address, { user });
      expect(image.status).toBe(302);
      const location = image.headers.get('location')!;
      expect(location.startsWith(`${stack.s3.endpoint}/hsa-gw-test/photos/`)).toBe(true);
      const bytes = await fetch(location);
      expect(bytes.headers.get('content-type')).toBe('image/jpeg');
      expect(bytes.headers.get('x-content-type-options')).toBe('nosniff');
      expect(bytes.headers.get('content-disposition')).toMatch(/^inline; filename="photo-[0-9a-f-]{36}(-thumbnail)?\.jpg"$/);
      expect([...Buffer.from(await bytes.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    expect(await request(`${photo.url}?variant=original`, { user })).toMatchObject({ status: 400, json: { message: 'variant must be one of: full, thumbnail' } });
  });

  it('answers 401 to anonymous callers on every photo and uploader route', async () => {
    const id = randomUUID();
    const routes: [string, string][] = [
      ['POST', '/api/objects/upload'],
      ['GET', `/api/properties/${id}/photos`],
      ['POST', `/api/properties/${id}/photos`],
      ['PATCH', `/api/properties/${id}/photos/${id}`],
      ['GET', `/api/properties/${id}/photos/${id}/image`],
      ['POST', '/api/uploads/s3/multipart'],
      ['GET', '/api/uploads/s3/multipart/u1?key=k'],
      ['GET', '/api/uploads/s3/multipart/u1/1?key=k'],
      ['POST', '/api/uploads/s3/multipart/u1/complete?key=k'],
      ['DELETE', '/api/uploads/s3/multipart/u1?key=k'],
      ['GET', '/api/uploads/s3/params?filename=a.jpg&type=image/jpeg'],
      ['GET', '/api/uploads/s3/sts'],
    ];
    for (const [method, path] of routes) {
      const res = await request(path, { method, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res, `${method} ${path}`).toMatchObject({ status: 401, json: { message: 'Unauthorized' } });
    }
  });

  it("answers 404 for another user's property and photos", async () => {
    const owner = newUser();
    const intruder = newUser();
    const property = await newProperty(owner);
    const photo = await uploadPhoto(owner, property);
    const base = `/api/properties/${property.id}/photos`;
    expect(await request(base, { user: intruder })).toMatchObject({ status: 404, json: { message: 'Property not found' } });
    expect((await request(base, { method: 'POST', user: intruder, json: { originalPath: photo.originalPath } })).status).toBe(404);
    expect((await request(`${base}/${photo.id}`, { method: 'PATCH', user: intruder, json: { roomType: 'garage' } })).status).toBe(404);
    expect((await request(`${base}/${photo.id}/image`, { user: intruder })).status).toBe(404);
    expect((await request('/api/objects/upload', { method: 'POST', user: intruder, json: { propertyId: property.id, size: 100 } })).status).toBe(404);
    expect((await request('/api/uploads/s3/multipart', { method: 'POST', user: intruder, json: { filename: 'a.jpg', type: 'image/jpeg', metadata: { propertyId: property.id, size: HUGE } } })).status).toBe(404);
    expect((await request(`/api/uploads/s3/params?filename=a.jpg&type=image%2Fjpeg&metadata[propertyId]=${property.id}`, { user: intruder })).status).toBe(404);
    // Unknown ids look the same.
    expect((await request(`/api/properties/${randomUUID()}/photos`, { user: owner })).status).toBe(404);
    expect((await request('/api/properties/not-an-id/photos', { user: owner })).status).toBe(404);
    expect((await request(`${base}/not-an-id`, { method: 'PATCH', user: owner, json: { roomType: 'garage' } })).json).toEqual({ message: 'Photo not found' });
    // The owner still sees exactly their photo.
    expect((await request(base, { user: owner })).json).toEqual([photo]);
  });

  it('answers 400 with the message for invalid bodies', async () => {
    const user = newUser();
    const property = await newProperty(user);
    const base = `/api/properties/${property.id}/photos`;
    expect(await request(base, { method: 'POST', user, json: {} })).toMatchObject({ status: 400, json: { message: mediaMessages.originalPathRequired } });
    const badRoom = await request(base, { method: 'POST', user, json: { originalPath: 'x', roomType: 'attic' } });
    expect(badRoom.status).toBe(400);
    expect((badRoom.json as { message: string }).message).toMatch(/^Room type must be one of: living_room, kitchen, master_bedroom, bedroom/);
    expect((await request(`${base}/${randomUUID()}`, { method: 'PATCH', user, json: {} })).status).toBe(400);
    expect(await request('/api/objects/upload', { method: 'POST', user, json: { size: 10 * 1024 * 1024 + 1 } })).toMatchObject({
      status: 400,
      json: { message: mediaMessages.photoTooLarge },
    });
    expect(await request('/api/objects/upload', { method: 'POST', user, json: { contentType: 'application/pdf', size: 10 } })).toMatchObject({
      status: 400,
      json: { message: mediaMessages.contentTypeNotImage },
    });
    expect((await request('/api/objects/upload', { method: 'POST', user, json: { propertyId: 'nope' } })).status).toBe(400);
  });

  it('refuses a spoofed image with 400 and the message, and the upload is gone', async () => {
    const user = newUser();
    const property = await newProperty(user);
    const text = 'just text named house.jpg';
    const upload = (await request('/api/objects/upload', { method: 'POST', user, json: { contentType: 'image/jpeg', size: text.length } })).json as CreateUploadResponse;
    await fetch(upload.uploadURL, { method: 'PUT', body: text, headers: upload.headers });
    const res = await request(`/api/properties/${property.id}/photos`, { method: 'POST', user, json: { originalPath: upload.key, roomType: 'unassigned' } });
    expect(res).toMatchObject({ status: 400, json: { message: mediaMessages.notAnImage } });
    expect((await fetch(upload.uploadURL.replace(/\?.*/, ''), { method: 'HEAD' })).status).toBe(403); // unsigned
    const again = await request(`/api/properties/${property.id}/photos`, { method: 'POST', user, json: { originalPath: upload.key } });
    expect(again).toMatchObject({ status: 404, json: { message: mediaMessages.uploadNotFound } });
  });
});

describe("the uploader's S3 endpoints", () => {
  it('runs a multipart upload as @uppy/aws-s3 does: create, sign, list, complete; and aborts another', async () => {
    const user = newUser();
    const property = await newProperty(user);
    const created = await request('/api/uploads/s3/multipart', {
      method: 'POST',
      user,
      json: { filename: 'huge.png', type: 'image/png', metadata: { name: 'huge.png', propertyId: property.id, size: HUGE } },
    });
    expect(created.status).toBe(200);
    const { uploadId, key } = created.json as { uploadId: string; key: string };
    expect(key).toMatch(new RegExp(`^uploads/[0-9a-f]{32}/${property.id}/[0-9a-f-]{36}$`));
    const q = `?key=${encodeURIComponent(key)}`;
    const id = encodeURIComponent(uploadId);

    const signed = await request(`/api/uploads/s3/multipart/${id}/1${q}`, { user });
    expect(signed).toMatchObject({ status: 200, json: { url: expect.stringContaining('partNumber=1'), expires: 900 } });
    // Every part URL takes exactly its part of the announced size: 5 MiB for the first.
    const body = Buffer.concat([png(), Buffer.alloc(5 * MiB - png().length)]);
    const put = await fetch((signed.json as { url: string }).url, { method: 'PUT', body });
    const etag = put.headers.get('etag')!;

    const listed = await request(`/api/uploads/s3/multipart/${id}${q}`, { user });
    expect(listed).toMatchObject({ status: 200, json: [{ PartNumber: 1, Size: body.length, ETag: etag, LastModified: expect.any(String) }] });

    const done = await request(`/api/uploads/s3/multipart/${id}/complete${q}`, { method: 'POST', user, json: { parts: [{ ETag: etag, PartNumber: 1 }] } });
    expect(done).toMatchObject({ status: 200, json: { location: `${stack.s3.endpoint}/hsa-gw-test/${key}`, key } });

    const other = (await request('/api/uploads/s3/multipart', { method: 'POST', user, json: { filename: 'b.png', type: 'image/png', metadata: { size: HUGE } } })).json as {
      uploadId: string;
      key: string;
    };
    const otherQ = `?key=${encodeURIComponent(other.key)}`;
    expect(await request(`/api/uploads/s3/multipart/${encodeURIComponent(other.uploadId)}${otherQ}`, { method: 'DELETE', user })).toMatchObject({ status: 200, json: {} });
    expect(await request(`/api/uploads/s3/multipart/${encodeURIComponent(other.uploadId)}${otherQ}`, { user })).toMatchObject({
      status: 404,
      json: { message: mediaMessages.uploadNotFound },
    });
  });

  it("refuses another user's key on every multipart call", async () => {
    const owner = newUser();
    const intruder = newUser();
    const { uploadId, key } = (await request('/api/uploads/s3/multipart', { method: 'POST', user: owner, json: { type: 'image/jpeg', metadata: { size: HUGE } } })).json as {
      uploadId: string;
      key: string;
    };
    const q = `?key=${encodeURIComponent(key)}`;
    const id = encodeURIComponent(uploadId);
    for (const [method, path, json] of [
      ['GET', `/api/uploads/s3/multipart/${id}/1${q}`],
      ['GET', `/api/uploads/s3/multipart/${id}${q}`],
      ['POST', `/api/uploads/s3/multipart/${id}/complete${q}`, { parts: [{ ETag: '"x"', PartNumber: 1 }] }],
      ['DELETE', `/api/uploads/s3/multipart/${id}${q}`],
    ] as [string, string, unknown?][]) {
      expect(await request(path, { method, user: intruder, json }), `${method} ${path}`).toMatchObject({ status: 404, json: { message: mediaMessages.notYourUpload } });
    }
    const attach = await request(`/api/properties/${(await newProperty(intruder)).id}/photos`, { method: 'POST', user: intruder, json: { originalPath: key } });
    expect(attach.status).toBe(404);
  });

  it('validates the uploader calls with its messages', async () => {
    const user = newUser();
    expect(await request('/api/uploads/s3/multipart/u1/1', { user })).toMatchObject({ status: 400, json: { message: mediaMessages.cannotSign } });
    expect(await request('/api/uploads/s3/multipart/u1/zero?key=k', { user })).toMatchObject({ status: 400, json: { message: mediaMessages.cannotSign } });
    expect(await request('/api/uploads/s3/multipart/u1', { user })).toMatchObject({ status: 400, json: { message: mediaMessages.keyRequired } });
    expect(await request('/api/uploads/s3/multipart/u1/complete?key=k', { method: 'POST', user, json: { parts: [] } })).toMatchObject({
      status: 400,
      json: { message: mediaMessages.partsRequired },
    });
    expect(await request('/api/uploads/s3/multipart', { method: 'POST', user, json: { type: 'image/png', metadata: { size: 1000 } } })).toMatchObject({
      status: 400,
      json: { message: mediaMessages.multipartTooSmall },
    });
    expect((await request('/api/uploads/s3/unknown', { user })).status).toBe(404);
  });

  it('answers single-part upload parameters (GET s3/params) and refuses temporary credentials (GET s3/sts)', async () => {
    const user = newUser();
    const property = await newProperty(user);
    const body = png();
    const params = await request(
      `/api/uploads/s3/params?filename=house.png&type=image%2Fpng&metadata[name]=house.png&metadata[propertyId]=${property.id}&metadata[size]=${body.length}`,
      { user },
    );
    expect(params.status).toBe(200);
    const answer = params.json as UploadParametersResponse;
    expect(answer).toMatchObject({ method: 'PUT', fields: {}, headers: { 'Content-Type': 'image/png' }, expires: 900 });
    expect(answer.key).toMatch(new RegExp(`/${property.id}/`));
    expect((await fetch(answer.url, { method: 'PUT', body, headers: answer.headers })).status).toBe(200);
    const attached = await request(`/api/properties/${property.id}/photos`, { method: 'POST', user, json: { originalPath: answer.url.split('?')[0] } });
    expect(attached.status).toBe(201);

    expect(await request('/api/uploads/s3/sts', { user })).toMatchObject({ status: 501, json: { message: mediaMessages.temporaryCredentialsDisabled } });
  });
});
