import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { S3Error } from './errors';

/**
 * AWS Signature Version 4 verification for S3, both ways a request can carry it: the Authorization header (SDK
 * calls) and the query string (presigned URLs). The signature itself is computed by the AWS SDK's own signer
 * (@smithy/signature-v4) over what arrived, so any signed header (Host, Content-Type, Content-Length, ...) that
 * differs from what was signed fails. This file only reads the request's auth fields and applies S3's rules around
 * them (scope, clock skew, expiry), with S3's error codes and messages.
 */

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses header-signed requests whose time is further than this from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** The longest lifetime of a presigned URL (7 days). */
export const MAX_PRESIGN_EXPIRES_SECONDS = 604_800;
/** Query parameters the signer itself writes into a presigned URL. */
const PRESIGN_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** The path as it arrived, still percent-encoded (S3 signs it as sent). */
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

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : String(value)).trim();
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

function signatureMismatch(): S3Error {
  return new S3Error(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The request as the SDK signer sees it: exactly the signed headers (present, else the signature cannot match), the
 * received query (without what the signer writes itself) and the raw path. Which headers count is told to the signer
 * explicitly, so its own defaults (headers it never signs, headers it would add) change nothing.
 */
function signable(request: SignedRequest, signedHeaders: string[], payloadHash: string, dropQuery: string[]) {
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = headerValue(request.headers, name);
    if (value === undefined) throw signatureMismatch();
    headers[name] = value;
  }
  headers['x-amz-content-sha256'] ??= payloadHash;
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of request.query) {
    if (dropQuery.includes(name)) continue;
    const previous = query[name];
    query[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  const host = headerValue(request.headers, 'host') ?? '';
  return {
    request: { method: request.method, protocol: 'http:', hostname: host.replace(/:\d+$/, ''), path: request.rawPath, query, headers },
    signableHeaders: new Set(signedHeaders),
    unsignableHeaders: new Set(Object.keys(headers).filter((name) => !signedHeaders.includes(name))),
  };
}

function signerFor(credentials: Credentials, region: string): SignatureV4 {
  // S3 signs the path as sent (no second encoding) and the payload hash it is given.
  return new SignatureV4({ credentials, region, service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: false });
}

/**
 * Verifies a request's signature (header or query). Returns who signed it and the payload hash the body must
 * match; throws the S3Error S3 would answer (AccessDenied "Request has expired", SignatureDoesNotMatch, ...).
 */
export async function verifyRequest(request: SignedRequest, credentials: Credentials, region: string, now = Date.now()): Promise<VerifiedRequest> {
  const authorization = headerValue(request.headers, 'authorization');
  const queryAlgorithm = request.query.find(([name]) => name === 'X-Amz-Algorithm')?.[1];
  if (authorization && queryAlgorithm) {
    throw new S3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter or the Authorization header should be specified');
  }
  if (authorization) return verifyHeaderAuth(request, authorization, credentials, region, now);
  if (queryAlgorithm !== undefined) return verifyQueryAuth(request, queryAlgorithm, credentials, region, now);
  throw new S3Error(403, 'AccessDenied', 'Access Denied');
}

async function verifyHeaderAuth(
  request: SignedRequest,
  authorization: string,
  credentials: Credentials,
  region: string,
  now: number,
): Promise<VerifiedRequest> {
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
  // The signer writes x-amz-date itself, from the signing date.
  const { request: toSign, ...headerSets } = signable(request, signedHeaders.filter((h) => h !== 'x-amz-date'), payloadHash, []);
  const signed = await signerFor(credentials, region).sign(toSign, { signingDate: new Date(time), ...headerSets, signableHeaders: new Set(signedHeaders) });
  const expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization))?.[1] ?? '';
  if (!sameSignature(expected, signature)) throw signatureMismatch();
  return { accessKeyId: scope.accessKeyId, payloadHash, presigned: false };
}

async function verifyQueryAuth(
  request: SignedRequest,
  algorithm: string,
  credentials: Credentials,
  region: string,
  now: number,
): Promise<VerifiedRequest> {
  const get = (name: string) => request.query.find(([n]) => n === name)?.[1];
  const missing = PRESIGN_PARAMS.slice(1).filter((n) => get(n) === undefined);
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
  const { request: toSign, ...headerSets } = signable(request, signedHeaders, payloadHash, PRESIGN_PARAMS);
  const presigned = await signerFor(credentials, region).presign(toSign, {
    signingDate: new Date(time),
    expiresIn: expires,
    ...headerSets,
    // Headers stay headers: the URL's signer already chose which went into the query.
    unhoistableHeaders: new Set(Object.keys(toSign.headers)),
  });
  const expected = String(presigned.query?.['X-Amz-Signature'] ?? '');
  if (!sameSignature(expected, get('X-Amz-Signature')!)) throw signatureMismatch();
  return { accessKeyId: scope.accessKeyId, payloadHash, presigned: true };
}
