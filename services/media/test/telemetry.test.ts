import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { captureTelemetry } from '@hsa/service-kit/testing';
import { ObjectStore } from '../src/adapters/s3/object-store';
import { startTestS3, testBucket, testCredentials, testRegion, type TestS3 } from './s3-support';

const telemetry = captureTelemetry();

let s3: TestS3;
let store: ObjectStore;

beforeAll(async () => {
  s3 = await startTestS3();
  store = new ObjectStore({ endpoint: s3.server.endpoint, region: testRegion, bucket: testBucket, ...testCredentials, forcePathStyle: true });
});

afterAll(async () => {
  store?.close();
  await s3?.close();
});

describe('S3 operations as an SRE sees them', () => {
  it('each command the media service sends is a client span S3.<Operation> with the AWS semantic-convention attributes; presigning sends none', async () => {
    const key = 'users/u1/properties/p1/photos/telemetry.jpg';
    await store.put(key, Buffer.from('not really a jpeg'), 'image/jpeg');
    expect(await store.head(key)).toMatchObject({ size: 17 });
    expect(await store.read('users/u1/missing.jpg', 1000)).toBeUndefined();
    await store.presignGet(key, { expiresIn: 60 });
    expect(await store.ready()).toBe(true);

    const spans = telemetry.spans().filter((s) => s.name.startsWith('S3.'));
    expect(spans.map((s) => s.name)).toEqual(['S3.PutObject', 'S3.HeadObject', 'S3.GetObject', 'S3.HeadBucket']);
    const [put, , missing] = spans;
    expect(put!.kind).toBe(SpanKind.CLIENT);
    expect(put!.attributes).toMatchObject({
      'rpc.system': 'aws-api',
      'rpc.service': 'S3',
      'rpc.method': 'PutObject',
      'cloud.region': testRegion,
      'aws.s3.bucket': testBucket,
      'aws.s3.key': key,
      'http.response.status_code': 200,
    });
    expect(put!.status.code).toBe(SpanStatusCode.UNSET);
    expect(missing!.attributes).toMatchObject({ 'aws.s3.key': 'users/u1/missing.jpg', 'http.response.status_code': 404, 'error.type': 'NoSuchKey' });
    expect(missing!.status.code).toBe(SpanStatusCode.ERROR);
    expect(JSON.stringify(spans.map((s) => s.attributes)), 'no credentials in spans').not.toContain(testCredentials.secretAccessKey);
  });
});
