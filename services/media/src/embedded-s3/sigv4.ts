import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from './errors';

/**
 * AWS Signature Version 4 verification for S3, both ways a request can carry it: the Authorization header
 * (SDK calls) and the query string (presigned URLs). It rebuilds the canonical request from what arrived,
 * so any signed header (Host, Content-Type, Content-Length, ...) that differs from what was signed fails.
 */

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses header-signed requests whose time is further than this from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** The longest lifetime of a presigned URL (7 days). */
export const MAX_PRESIGN_EXPIRES_SECONDS = 604_800;

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** The path as it arrived, still percent-encoded. */
  rawPath: string;
  /** Query parameters in arrival order, decoded. */
  query: [string, string][];
  headers: IncomingHttpHeaders;
}

export interface VerifiedRequest {
  accessKeyId: string;
  /** What the payload must hash to: a hex SHA-256, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  presigned: boolean;
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ as %XX (upper case). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Splits a raw query string without turning '+' into spaces (S3 does not either). */
export function parseQuery(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return [safeDecode(name), safeDecode(value)];
    });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, 'InvalidArgument', 'The request contains an invalid percent-encoding.');
  }
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(safeDecode(segment)))
    .join('/');
}

function canonicalQuery(query: [string, string][]): string {
  return query
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  const joined = Array.isArray(value) ? value.join(',') : String(value);
  return joined.trim().replace(/\s+/g, ' ');
}

export function canonicalRequest(
  request: SignedRequest,
  signedHeaders: string[],
  payloadHash: string,
  query: [string, string][],
): string {
  const headers = signedHeaders.map((name) => {
    const value = headerValue(request.headers, name);
    if (value === undefined) {
      throw new S3Error(403, 'SignatureDoesNotMatch', `The request signature we calculated does not match the signature you provided: signed header ${name} is missing.`);
    }
    return `${name}:${value}\n`;
  });
  return [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(query),
    headers.join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

interface Scope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

function parseCredential(credential: string, where: 'header' | 'query'): Scope {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request') {
    const code = where === 'header' ? 'AuthorizationHeaderMalformed' : 'AuthorizationQueryParametersError';
    throw new S3Error(400, code, `The credential is malformed: expected "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".`);
  }
  const [accessKeyId, date, region, service] = parts as [string, string, string, string];
  return { accessKeyId, date, region, service };
}

/** 20130524T000000Z -> ms since the epoch (NaN when malformed). */
export function parseAmzDate(value: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function checkScope(scope: Scope, amzDate: string, region: string, credentials: Credentials, where: 'header' | 'query'): void {
  if (scope.accessKeyId !== credentials.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const code = where === 'header' ? 'AuthorizationHeaderMalformed' : 'AuthorizationQueryParametersError';
  if (scope.region !== region) {
    throw new S3Error(400, code, `The authorization header is malformed; the region '${scope.region}' is wrong; expecting '${region}'`);
  }
  if (scope.service !== 's3') throw new S3Error(400, code, `The credential's service must be s3, not '${scope.service}'`);
  if (!amzDate.startsWith(scope.date)) throw new S3Error(400, code, 'The credential date does not match the request date.');
}

function checkSignature(stringToSign: string, scope: Scope, credentials: Credentials, signature: string, canonical: string): void {
  const expected = hmac(signingKey(credentials.secretAccessKey, scope.date, scope.region, scope.service), stringToSign).toString('hex');
  const given = Buffer.from(signature.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      { StringToSign: stringToSign, CanonicalRequest: canonical },
    );
  }
}

/**
 * Verifies a request's signature (header or query). Returns who signed it and the payload hash the body must
 * match; throws the S3Error S3 would answer (AccessDenied "Request has expired", SignatureDoesNotMatch, ...).
 */
export function verifyRequest(request: SignedRequest, credentials: Credentials, region: string, now = Date.now()): VerifiedRequest {
  const authorization = headerValue(request.headers, 'authorization');
  const queryAlgorithm = request.query.find(([name]) => name === 'X-Amz-Algorithm')?.[1];
  if (authorization && queryAlgorithm) {
    throw new S3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter or the Authorization header should be specified');
  }
  if (authorization) return verifyHeaderAuth(request, authorization, credentials, region, now);
  if (queryAlgorithm !== undefined) return verifyQueryAuth(request, queryAlgorithm, credentials, region, now);
  throw new S3Error(403, 'AccessDenied', 'Access Denied');
}

function verifyHeaderAuth(
  request: SignedRequest,
  authorization: string,
  credentials: Credentials,
  region: string,
  now: number,
): VerifiedRequest {
  if (!authorization.startsWith(`${ALGORITHM} `)) {
    throw new S3Error(400, 'InvalidArgument', 'Unsupported Authorization Type: only AWS4-HMAC-SHA256 is supported');
  }
  const fields = new Map<string, string>();
  for (const part of authorization.slice(ALGORITHM.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signedHeadersText = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeadersText || !signature) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed; it must name Credential, SignedHeaders and Signature.');
  }
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const time = parseAmzDate(amzDate);
  if (Number.isNaN(time)) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (Math.abs(now - time) > MAX_CLOCK_SKEW_MS) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  const scope = parseCredential(credential, 'header');
  checkScope(scope, amzDate, region, credentials, 'header');
  const signedHeaders = signedHeadersText.split(';').map((h) => h.trim().toLowerCase());
  if (!signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied', 'The host header must be signed.');
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payloadHash !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/.test(payloadHash)) {
    // aws-chunked (STREAMING-*) bodies: the clients of this product never send them (requestChecksumCalculation WHEN_REQUIRED).
    throw new S3Error(501, 'NotImplemented', `x-amz-content-sha256 "${payloadHash}" is not supported by this server`);
  }
  const canonical = canonicalRequest(request, signedHeaders, payloadHash, request.query);
  const stringToSign = [ALGORITHM, amzDate, `${scope.date}/${scope.region}/${scope.service}/aws4_request`, sha256Hex(canonical)].join('\n');
  checkSignature(stringToSign, scope, credentials, signature, canonical);
  return { accessKeyId: scope.accessKeyId, payloadHash, presigned: false };
}

function verifyQueryAuth(
  request: SignedRequest,
  algorithm: string,
  credentials: Credentials,
  region: string,
  now: number,
): VerifiedRequest {
  const get = (name: string) => request.query.find(([n]) => n === name)?.[1];
  const missing = ['X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'].filter((n) => get(n) === undefined);
  if (algorithm !== ALGORITHM) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  }
  if (missing.length) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', `Query-string authentication version 4 requires the ${missing.join(', ')} parameters.`);
  }
  const amzDate = get('X-Amz-Date')!;
  const time = parseAmzDate(amzDate);
  if (Number.isNaN(time)) throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd\'T\'HHmmss\'Z\'"');
  const expiresText = get('X-Amz-Expires')!;
  const expires = /^\d+$/.test(expiresText) ? Number(expiresText) : Number.NaN;
  if (!Number.isFinite(expires)) throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires should be a number');
  if (expires > MAX_PRESIGN_EXPIRES_SECONDS) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be less than a week (in seconds) that is 604800');
  }
  if (time - now > MAX_CLOCK_SKEW_MS) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');
  // The spec's uploader recognises exactly this message and signs the part again.
  if (now > time + expires * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired', { 'X-Amz-Expires': expiresText });
  const scope = parseCredential(get('X-Amz-Credential')!, 'query');
  checkScope(scope, amzDate, region, credentials, 'query');
  const signedHeaders = get('X-Amz-SignedHeaders')!.split(';').map((h) => h.trim().toLowerCase());
  if (!signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied', 'The host header must be signed.');
  const payloadHash = get('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD;
  const query = request.query.filter(([name]) => name !== 'X-Amz-Signature');
  const canonical = canonicalRequest(request, signedHeaders, payloadHash, query);
  const stringToSign = [ALGORITHM, amzDate, `${scope.date}/${scope.region}/${scope.service}/aws4_request`, sha256Hex(canonical)].join('\n');
  checkSignature(stringToSign, scope, credentials, get('X-Amz-Signature')!, canonical);
  return { accessKeyId: scope.accessKeyId, payloadHash, presigned: true };
}
