import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Error, notImplemented } from './errors';
import { parseQuery, verifyRequest, UNSIGNED_PAYLOAD, type Credentials } from './sigv4';
import { DiskStore, MAX_PART_NUMBER, MAX_PUT_BYTES, type IncomingBody, type ObjectMeta } from './store';
import { parseCompleteMultipartUpload, xmlDocument } from './xml';

/**
 * A small S3-compatible server for the embedded default and the tests: exactly the subset the product uses,
 * with S3's wire format, so the same code (AWS SDK v3 on the server, @uppy/aws-s3 in the browser) runs against
 * it and against AWS S3 or MinIO. Path-style addressing only (http://host:port/<bucket>/<key>).
 *
 * - PutObject, GetObject (with Range), HeadObject, DeleteObject, CopyObject (with x-amz-copy-source-if-match); CreateBucket, HeadBucket
 * - CreateMultipartUpload, UploadPart, ListParts, CompleteMultipartUpload (ETag and part-size checks), AbortMultipartUpload
 * - AWS Signature V4 in the Authorization header or the query string (presigned URLs), expiry included
 * - CORS for the product's origin only (preflight and simple requests; ETag and Location exposed), S3's XML error bodies
 * - X-Content-Type-Options: nosniff on every answer
 *
 * It is a development server: loopback only, and it refuses NODE_ENV=production (see config.ts).
 */

export interface EmbeddedS3Options {
  /** Folder for the objects and multipart uploads (created). */
  dataDir: string;
  credentials: Credentials;
  region: string;
  /** Buckets created at start. */
  buckets: string[];
  /** Browser origins allowed by CORS (the product's origin); any other origin gets no CORS answer. */
  corsOrigins: string[];
  /** A loopback address (default 127.0.0.1): this server is for one machine, never a network. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Logs one line per request (method, path, status). */
  log?: (line: string) => void;
}

export interface RunningEmbeddedS3 {
  /** e.g. http://127.0.0.1:9000 */
  endpoint: string;
  port: number;
  store: DiskStore;
  close(): Promise<void>;
}

/** Body of CompleteMultipartUpload is XML listing up to 10,000 parts: a few hundred KiB at most. */
const MAX_XML_BODY_BYTES = 2 * 1024 * 1024;
const ALLOWED_METHODS = 'GET, PUT, POST, DELETE, HEAD';
const EXPOSED_HEADERS = 'ETag, Location, x-amz-request-id, x-amz-version-id, Content-Length, Content-Range';

interface Target {
  bucket: string;
  key: string;
}

function parseTarget(rawPath: string): Target {
  const path = rawPath.replace(/^\/+/, '');
  const slash = path.indexOf('/');
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
    }
  };
  if (slash < 0) return { bucket: decode(path), key: '' };
  return { bucket: decode(path.slice(0, slash)), key: decode(path.slice(slash + 1)) };
}

function userMetadata(headers: http.IncomingHttpHeaders): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-amz-meta-') && value !== undefined) metadata[name.slice(11)] = Array.isArray(value) ? value.join(',') : value;
  }
  return metadata;
}

function objectHeaders(meta: ObjectMeta): Record<string, string> {
  const headers: Record<string, string> = {
    ETag: meta.etag,
    'Last-Modified': new Date(meta.lastModified).toUTCString(),
    'Content-Type': meta.contentType,
    'Accept-Ranges': 'bytes',
  };
  for (const [name, value] of Object.entries(meta.metadata)) headers[`x-amz-meta-${name}`] = value;
  return headers;
}

/** bytes=a-b | bytes=a- | bytes=-n -> inclusive [start, end]; undefined for no (or an ignorable) Range header. */
function parseRange(header: string | undefined, size: number): [number, number] | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { ActualObjectSize: String(size) });
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) {
    throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { ActualObjectSize: String(size) });
  }
  return [start, end];
}

function readSmallBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_XML_BODY_BYTES) {
        reject(new S3Error(400, 'MaxMessageLengthExceeded', 'Your request was too big.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function createEmbeddedS3Handler(options: EmbeddedS3Options, store: DiskStore): http.RequestListener {
  const corsOrigins = new Set(options.corsOrigins);
  const allowOrigin = (origin: string | undefined): string | undefined => (origin && corsOrigins.has(origin) ? origin : undefined);

  return (req, res) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
    const method = (req.method ?? 'GET').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('Server', 'hsa-embedded-s3');
    // Objects are served as the type they were stored with, never as whatever a browser would guess.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    const allowed = allowOrigin(origin);
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', allowed);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    res.on('finish', () => options.log?.(`${method} ${rawPath} ${res.statusCode}`));

    const fail = (err: unknown, target?: Target) => {
      const error =
        err instanceof S3Error ? err : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      if (!(err instanceof S3Error)) options.log?.(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const resource = target ? `/${target.bucket}${target.key ? `/${target.key}` : ''}` : rawPath;
      const body =
        method === 'HEAD'
          ? ''
          : xmlDocument('Error', { Code: error.code, Message: error.message, ...error.extra, Resource: resource, RequestId: requestId }, false);
      res.writeHead(error.status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      // Whatever body the client still sends is not read.
      if (!req.complete) req.resume();
    };

    if (method === 'OPTIONS') {
      const requestedMethod = req.headers['access-control-request-method'];
      if (!origin || !requestedMethod) {
        fail(new S3Error(400, 'BadRequest', 'Insufficient information. Origin request header needed.'));
        return;
      }
      if (!allowed || !ALLOWED_METHODS.split(', ').includes(String(requestedMethod).toUpperCase())) {
        fail(new S3Error(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource\'s CORS spec.'));
        return;
      }
      res.writeHead(200, {
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '3000',
        'Content-Length': '0',
      });
      res.end();
      return;
    }

    // MinIO's liveness path, so a launcher can wait for the server without credentials.
    if ((method === 'GET' || method === 'HEAD') && (rawPath === '/minio/health/live' || rawPath === '/minio/health/ready')) {
      res.writeHead(200, { 'Content-Length': '0' });
      res.end();
      return;
    }

    let target: Target | undefined;
    void (async () => {
      target = parseTarget(rawPath);
      const query = parseQuery(queryStart < 0 ? '' : url.slice(queryStart + 1));
      const has = (name: string) => query.some(([n]) => n === name);
      const param = (name: string) => query.find(([n]) => n === name)?.[1];
      const verified = await verifyRequest({ method, rawPath, query, headers: req.headers }, options.credentials, options.region);
      const { bucket, key } = target;
      if (!bucket) throw notImplemented('ListBuckets');

      const incoming = (): IncomingBody => {
        const lengthHeader = req.headers['content-length'];
        if (lengthHeader === undefined) throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
        const contentLength = Number(lengthHeader);
        if (contentLength > MAX_PUT_BYTES) {
          throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { MaxSizeAllowed: String(MAX_PUT_BYTES) });
        }
        if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) throw notImplemented('aws-chunked content encoding');
        const md5 = req.headers['content-md5'];
        return {
          stream: req,
          contentLength,
          sha256: verified.payloadHash === UNSIGNED_PAYLOAD ? undefined : verified.payloadHash,
          md5Base64: typeof md5 === 'string' ? md5 : undefined,
        };
      };
      const send = (status: number, headers: Record<string, string>, body = '') => {
        res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
        res.end(method === 'HEAD' ? undefined : body);
      };
      const sendXml = (root: string, body: Parameters<typeof xmlDocument>[1]) =>
        send(200, { 'Content-Type': 'application/xml' }, xmlDocument(root, body));

      if (!key) {
        // Bucket-level calls: only what a deployment script or a test needs.
        if (method === 'PUT' && !query.some(([n]) => !n.startsWith('X-Amz-') && n !== 'x-id')) {
          req.resume(); // a CreateBucketConfiguration body says only the region, which is this server's
          await store.createBucket(bucket);
          return send(200, { Location: `/${bucket}` });
        }
        if (method === 'HEAD') {
          await store.requireBucket(bucket);
          return send(200, {});
        }
        throw notImplemented(`${method} on a bucket`);
      }

      const uploadId = param('uploadId');
      if (method === 'PUT' && uploadId !== undefined && has('partNumber')) {
        if (req.headers['x-amz-copy-source']) throw notImplemented('UploadPartCopy');
        const partNumber = Number(param('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
          throw new S3Error(400, 'InvalidArgument', `Part number must be an integer between 1 and ${MAX_PART_NUMBER}, inclusive`, {
            ArgumentName: 'partNumber',
            ArgumentValue: String(param('partNumber')),
          });
        }
        const upload = await store.getUpload(bucket, key, uploadId);
        const part = await store.putPart(upload, partNumber, incoming());
        return send(200, { ETag: part.etag });
      }
      if (method === 'PUT' && req.headers['x-amz-copy-source'] !== undefined) {
        req.resume();
        const source = parseTarget(`/${String(req.headers['x-amz-copy-source']).split('?')[0]!.replace(/^\/+/, '')}`);
        const ifMatch = req.headers['x-amz-copy-source-if-match'];
        const meta = await store.copyObject(source, bucket, key, typeof ifMatch === 'string' ? ifMatch : undefined);
        return sendXml('CopyObjectResult', { LastModified: meta.lastModified, ETag: meta.etag });
      }
      if (method === 'PUT') {
        const unsupported = query.find(([n]) => !n.startsWith('X-Amz-') && n !== 'x-id');
        if (unsupported) throw notImplemented(`PUT ?${unsupported[0]}`);
        const meta = await store.putObject(bucket, key, incoming(), {
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          metadata: userMetadata(req.headers),
        });
        return send(200, { ETag: meta.etag });
      }
      if (method === 'POST' && has('uploads')) {
        const upload = await store.createUpload(bucket, key, {
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          metadata: userMetadata(req.headers),
        });
        return sendXml('InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: upload.uploadId });
      }
      if (method === 'POST' && uploadId !== undefined) {
        const upload = await store.getUpload(bucket, key, uploadId);
        const parts = parseCompleteMultipartUpload(await readSmallBody(req));
        if (!parts) {
          throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
        }
        const meta = await store.completeUpload(upload, parts);
        const host = req.headers.host ?? '127.0.0.1';
        return sendXml('CompleteMultipartUploadResult', {
          Location: `http://${host}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
          Bucket: bucket,
          Key: key,
          ETag: meta.etag,
        });
      }
      if (method === 'GET' && uploadId !== undefined) {
        const upload = await store.getUpload(bucket, key, uploadId);
        const all = await store.listParts(upload);
        const marker = Number(param('part-number-marker') ?? 0) || 0;
        const maxParts = Math.min(Math.max(Number(param('max-parts') ?? 1000) || 1000, 1), 1000);
        const after = all.filter((p) => p.partNumber > marker);
        const page = after.slice(0, maxParts);
        const truncated = after.length > page.length;
        return sendXml('ListPartsResult', {
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumberMarker: marker,
          NextPartNumberMarker: page.at(-1)?.partNumber ?? marker,
          MaxParts: maxParts,
          IsTruncated: truncated,
          Part: page.map((p) => ({ PartNumber: p.partNumber, LastModified: p.lastModified, ETag: p.etag, Size: p.size })),
          StorageClass: 'STANDARD',
        });
      }
      if (method === 'DELETE' && uploadId !== undefined) {
        const upload = await store.getUpload(bucket, key, uploadId);
        await store.abortUpload(upload);
        return send(204, {});
      }
      if (method === 'GET' || method === 'HEAD') {
        const unsupported = query.find(([n]) => !n.startsWith('X-Amz-') && n !== 'x-id' && !n.startsWith('response-'));
        if (unsupported) throw notImplemented(`${method} ?${unsupported[0]}`);
        const meta = await store.headObject(bucket, key);
        const headers = objectHeaders(meta);
        for (const [name, value] of query) {
          // Presigned GETs may ask for response headers (response-content-type, ...).
          if (name.startsWith('response-')) headers[name.slice(9).replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())] = value;
        }
        const range = method === 'GET' ? parseRange(req.headers.range, meta.size) : undefined;
        if (method === 'HEAD' || meta.size === 0) {
          res.writeHead(200, { ...headers, 'Content-Length': String(meta.size) });
          res.end();
          return;
        }
        const [start, end] = range ?? [0, meta.size - 1];
        res.writeHead(range ? 206 : 200, {
          ...headers,
          'Content-Length': String(end - start + 1),
          ...(range ? { 'Content-Range': `bytes ${start}-${end}/${meta.size}` } : {}),
        });
        const stream = store.readObject(bucket, key, start, end);
        stream.on('error', () => res.destroy());
        stream.pipe(res);
        return;
      }
      if (method === 'DELETE') {
        await store.deleteObject(bucket, key);
        return send(204, {});
      }
      throw notImplemented(method);
    })().catch((err: unknown) => fail(err, target));
  };
}

/** Whether `host` is a loopback address (what this server may listen on). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Starts the server on host:port (default 127.0.0.1 and a free port). */
export async function startEmbeddedS3(options: EmbeddedS3Options): Promise<RunningEmbeddedS3> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`The embedded S3 server listens on loopback only, not ${host}: use MinIO or AWS S3 on a network.`);
  if (options.corsOrigins.some((origin) => origin === '*' || !URL.canParse(origin) || new URL(origin).origin !== origin)) {
    throw new Error(`The embedded S3 server allows CORS for exact origins only (e.g. http://localhost:8080), not ${options.corsOrigins.join(', ')}`);
  }
  const store = new DiskStore(options.dataDir);
  await store.init(options.buckets);
  const server = http.createServer(createEmbeddedS3Handler(options, store));
  server.keepAliveTimeout = 65_000;
  // Large part uploads on slow links must not be cut by Node's default 5-minute request timeout.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
