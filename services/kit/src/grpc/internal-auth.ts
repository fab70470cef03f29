import { X509Certificate, createPrivateKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, createLocalJWKSet, decodeJwt, errors as joseErrors, importJWK, jwtVerify, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { z } from 'zod';
import { unauthenticated } from '../errors';

/**
 * Who is calling a service, proven cryptographically. Every gRPC call carries a short-lived JSON Web Token in its
 * `authorization` metadata, signed with the calling component's private key (the gateway's, or a service's that
 * calls another): `iss` the caller, `aud` the service called, `method` the gRPC method, `sub` the signed-in user it
 * acts for (when it does), a lifetime of seconds. A service holds only the public keys of the callers it trusts
 * (INTERNAL_AUTH_PUBLIC_KEYS) and refuses anything else UNAUTHENTICATED: a missing, forged, expired or replayed-
 * elsewhere token, or a bare user id, whoever can reach its port.
 */

export type { JSONWebKeySet, JWK } from 'jose';

/** Metadata key carrying `Bearer <token>`. */
export const INTERNAL_TOKEN_METADATA = 'authorization';
/** How long a token is valid: one call, plus a little for queueing and clock skew. */
export const INTERNAL_TOKEN_TTL_SECONDS = 60;
/** How long a signer reuses a token for the same audience, method and user (well inside its lifetime). */
export const INTERNAL_TOKEN_REUSE_SECONDS = 15;
/** Tokens kept by a signer (per audience, method and user) and verifications kept by a verifier; beyond: start over. */
const MAX_CACHED_TOKENS = 10_000;
const CLOCK_TOLERANCE_SECONDS = 5;
const ALGORITHMS = ['ES256', 'EdDSA'] as const;

/** The caller a verified token names. */
export interface InternalIdentity {
  /** The calling component (`iss`), e.g. "gateway". */
  caller: string;
  /** The signed-in user the call acts for (`sub`), if any. */
  userId: string | undefined;
}

/**
 * A private signing key, for the components that call services: a JWK with a `kid`, or PEM (an EC P-256 key as
 * SEC1 `BEGIN EC PRIVATE KEY` or PKCS8 `BEGIN PRIVATE KEY`, or Ed25519 PKCS8), which has no kid: callerKeyFrom gives
 * it one (INTERNAL_AUTH_KEY_ID, by default the caller's name). PEM is what Helm makes (`genPrivateKey "ecdsa"`).
 */
export const privateJwkSchema = z
  .string()
  .transform((text, ctx) => {
    if (isPem(text)) {
      try {
        return privateJwkFromPem(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }
    const jwk = parseJson(text);
    if (!isJwk(jwk) || typeof jwk.d !== 'string' || typeof jwk.kid !== 'string' || !jwk.kid) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a private JSON Web Key (EC P-256 or Ed25519) with a "kid", or a PEM EC P-256 private key',
      });
      return z.NEVER;
    }
    return jwk;
  });

/**
 * The public keys of the trusted callers: a JWK Set, or PEM X.509 certificates one after the other (each key's
 * `kid` is its certificate's subject CN; what Helm makes with `genSelfSignedCertWithKey`). A private key in it is
 * refused (services verify only). A certificate only carries the key: its validity dates and issuer are not checked.
 */
export const publicJwksSchema = z
  .string()
  .transform((text, ctx) => {
    if (isPem(text)) {
      try {
        return publicJwksFromCertificates(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }
    const set = parseJson(text) as { keys?: unknown } | undefined;
    const keys = Array.isArray(set?.keys) ? set.keys : undefined;
    if (!keys?.length || !keys.every((k) => isJwk(k) && typeof k.kid === 'string' && k.kid)) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set {"keys":[...]} of public keys, each with a "kid"' });
      return z.NEVER;
    }
    if (keys.some((k) => typeof (k as JWK).d === 'string')) {
      ctx.addIssue({ code: 'custom', message: 'must hold public keys only (a key has a private part "d")' });
      return z.NEVER;
    }
    return { keys: keys as JWK[] } satisfies JSONWebKeySet;
  });

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

function isPem(text: string): boolean {
  return text.trimStart().startsWith('-----BEGIN ');
}

/** PEM as it may arrive in an environment variable: real newlines, or `\n` escapes when set on one line. */
function normalizePem(text: string): string {
  return text.replace(/\\n/g, '\n').replace(/\r\n/g, '\n').trim();
}

function pemBlocks(text: string): { label: string; pem: string }[] {
  const normalized = normalizePem(text);
  const blocks = [...normalized.matchAll(PEM_BLOCK)].map((m) => ({ label: m[1]!, pem: m[0] }));
  const leftover = normalized.replace(PEM_BLOCK, '').trim();
  if (!blocks.length || leftover) throw new Error('is not well-formed PEM (a "-----BEGIN ...-----" block without its matching END line, or text between blocks)');
  return blocks;
}

/** The JWK algorithm fields of a key node:crypto read, refusing anything but EC P-256 and Ed25519. */
function signingKeyFields(key: KeyObject, what: string): { alg: 'ES256' | 'EdDSA'; use: 'sig' } {
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return { alg: 'ES256', use: 'sig' };
  if (key.asymmetricKeyType === 'ed25519') return { alg: 'EdDSA', use: 'sig' };
  const curve = key.asymmetricKeyDetails?.namedCurve;
  throw new Error(`${what} is ${key.asymmetricKeyType ?? 'an unknown key type'}${curve ? ` ${curve}` : ''}: use EC P-256 (Helm: genPrivateKey "ecdsa") or Ed25519`);
}

function privateJwkFromPem(text: string): JWK {
  const blocks = pemBlocks(text);
  if (blocks.length !== 1) throw new Error(`must hold exactly one PEM private key, not ${blocks.length} blocks`);
  const { label, pem } = blocks[0]!;
  if (label === 'ENCRYPTED PRIVATE KEY') throw new Error('is an encrypted PEM key: give it unencrypted (it comes from a Kubernetes Secret)');
  if (label !== 'EC PRIVATE KEY' && label !== 'PRIVATE KEY') {
    throw new Error(`must be a PEM private key ("BEGIN EC PRIVATE KEY" or "BEGIN PRIVATE KEY"), not "BEGIN ${label}"`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch (err) {
    throw new Error(`is not a readable PEM private key (${(err as Error).message})`);
  }
  const fields = signingKeyFields(key, 'the PEM private key');
  return { ...(key.export({ format: 'jwk' }) as JWK), ...fields };
}

function publicJwksFromCertificates(text: string): JSONWebKeySet {
  const keys: JWK[] = [];
  pemBlocks(text).forEach(({ label, pem }, index) => {
    const which = `PEM block ${index + 1}`;
    if (label.includes('PRIVATE KEY')) throw new Error(`must hold public keys only (${which} is a private key)`);
    if (label !== 'CERTIFICATE') throw new Error(`must be PEM certificates ("BEGIN CERTIFICATE": the key id is its subject CN), but ${which} is "BEGIN ${label}"`);
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch (err) {
      throw new Error(`${which} is not a readable X.509 certificate (${(err as Error).message})`);
    }
    const kid = /^CN=(.+)$/m.exec(certificate.subject)?.[1]?.trim();
    if (!kid) throw new Error(`${which}: the certificate's subject has no CN (it names the calling component, e.g. CN=gateway)`);
    if (keys.some((k) => k.kid === kid)) throw new Error(`two certificates have CN=${kid}: while rotating, name them ${kid} and ${kid}.<suffix>`);
    const fields = signingKeyFields(certificate.publicKey, `the key of the certificate CN=${kid}`);
    keys.push({ ...(certificate.publicKey.export({ format: 'jwk' }) as JWK), ...fields, kid });
  });
  return { keys };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isJwk(value: unknown): value is JWK {
  return typeof value === 'object' && value !== null && typeof (value as JWK).kty === 'string';
}

function algorithmOf(jwk: JWK): (typeof ALGORITHMS)[number] {
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw new Error(`Unsupported internal signing key ${jwk.kid ?? ''}: use EC P-256 or Ed25519`);
}

/** Signs the tokens of one calling component. */
export class InternalTokenSigner {
  private readonly algorithm: (typeof ALGORITHMS)[number];
  private key: Promise<CryptoKey | Uint8Array> | undefined;
  private readonly recent = new Map<string, { token: string; reuseUntil: number }>();

  constructor(
    private readonly privateJwk: JWK,
    /** The caller's name (`iss`). */
    readonly issuer: string,
  ) {
    this.algorithm = algorithmOf(privateJwk);
    if (privateJwk.kid !== issuer && !privateJwk.kid?.startsWith(`${issuer}.`)) {
      throw new Error(`The signing key of ${issuer} must have kid "${issuer}" or "${issuer}.<suffix>", not "${privateJwk.kid ?? ''}"`);
    }
  }

  /**
   * A token for `claims`. One signed token serves the calls with the same claims for INTERNAL_TOKEN_REUSE_SECONDS
   * (a quarter of its lifetime): signing is most of a small call's cost, and the token proves the same thing.
   */
  async sign(claims: { audience: string; method: string; userId?: string | undefined }): Promise<string> {
    const key = `${claims.audience}\n${claims.method}\n${claims.userId ?? ''}`;
    const now = Date.now();
    const cached = this.recent.get(key);
    if (cached && now < cached.reuseUntil) return cached.token;
    if (this.recent.size >= MAX_CACHED_TOKENS) this.recent.clear();
    const token = await this.signNew(claims);
    this.recent.set(key, { token, reuseUntil: now + INTERNAL_TOKEN_REUSE_SECONDS * 1000 });
    return token;
  }

  private async signNew(claims: { audience: string; method: string; userId?: string | undefined }): Promise<string> {
    this.key ??= importJWK(this.privateJwk, this.algorithm);
    const jwt = new SignJWT({ method: claims.method })
      .setProtectedHeader({ alg: this.algorithm, kid: this.privateJwk.kid!, typ: 'hsa-internal+jwt' })
      .setIssuer(this.issuer)
      .setAudience(claims.audience)
      .setIssuedAt()
      .setExpirationTime(`${INTERNAL_TOKEN_TTL_SECONDS}s`)
      .setJti(randomUUID());
    if (claims.userId) jwt.setSubject(claims.userId);
    return jwt.sign(await this.key);
  }
}

/** Verifies the tokens sent to one service (its name is the audience). */
export class InternalTokenVerifier {
  private readonly keys: ReturnType<typeof createLocalJWKSet>;
  private readonly verified = new Map<string, { identity: InternalIdentity; method: string; validUntil: number }>();

  constructor(
    trustedKeys: JSONWebKeySet,
    /** This service's name: tokens for another audience are refused. */
    readonly audience: string,
    /** The callers whose tokens may name a user (`sub`): only the gateway signs users in. */
    private readonly userAsserters: readonly string[] = ['gateway'],
  ) {
    this.keys = createLocalJWKSet(trustedKeys);
  }

  /** The caller of `method`, or an UNAUTHENTICATED AppError saying why not (never the token itself). */
  async verify(authorization: unknown, method: string): Promise<InternalIdentity> {
    if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) throw unauthenticated('Missing caller credentials');
    // The very same token verified before (signers reuse theirs for a few seconds): its signature and claims were
    // checked then; only its lifetime and its method are checked again.
    const known = this.verified.get(authorization);
    if (known && known.method === method && Date.now() < known.validUntil) return known.identity;
    const identity = await this.verifyNew(authorization, method);
    if (this.verified.size >= MAX_CACHED_TOKENS) this.verified.clear();
    const { exp, iat } = decodeJwt(authorization.slice('Bearer '.length)) as { exp: number; iat: number };
    const validUntil = Math.min(exp, iat + INTERNAL_TOKEN_TTL_SECONDS) * 1000;
    this.verified.set(authorization, { identity, method, validUntil });
    return identity;
  }

  private async verifyNew(authorization: string, method: string): Promise<InternalIdentity> {
    try {
      const { payload, protectedHeader } = await jwtVerify(authorization.slice('Bearer '.length), this.keys, {
        audience: this.audience,
        algorithms: [...ALGORITHMS],
        typ: 'hsa-internal+jwt',
        requiredClaims: ['iss', 'iat', 'exp'],
        maxTokenAge: INTERNAL_TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      // A stolen token of a compromised caller must not outlive its call: no lifetime beyond what signers issue.
      if (payload.exp! - payload.iat! > INTERNAL_TOKEN_TTL_SECONDS) throw unauthenticated('Caller credentials live too long');
      const caller = payload.iss!;
      // A key speaks only for the caller it is named after ("gateway", or "gateway.<anything>" for rotation).
      if (protectedHeader.kid !== caller && !protectedHeader.kid?.startsWith(`${caller}.`)) throw unauthenticated('Caller credentials name another caller');
      if (payload.method !== method) throw unauthenticated('Caller credentials are for another method');
      if (payload.sub !== undefined && !this.userAsserters.includes(caller)) throw unauthenticated(`${caller} may not act for a user`);
      if (payload.sub !== undefined && (payload.sub.length === 0 || payload.sub.length > 200)) throw unauthenticated('Invalid user');
      return { caller, userId: payload.sub };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw unauthenticated(`Invalid caller credentials (${err.code})`);
      throw err;
    }
  }
}

/**
 * A fresh key pair for a calling component (the launcher makes one per run; tests likewise). `kid` names the caller:
 * "gateway", or "gateway.<suffix>" when several keys of one caller are trusted during a rotation.
 */
export function generateInternalKeyPair(kid: string): { privateJwk: JWK; publicJwk: JWK } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const common = { kid, alg: 'ES256', use: 'sig' };
  return {
    privateJwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), ...common },
    publicJwk: { ...(publicKey.export({ format: 'jwk' }) as JWK), ...common },
  };
}

/** INTERNAL_AUTH_PUBLIC_KEYS of a service's environment: required, the callers it trusts (JWK Set or PEM certificates). */
export const trustedCallerKeysVar = z
  .string({ error: 'is required: the public keys (JWK Set or PEM certificates) of the components allowed to call this service' })
  .pipe(publicJwksSchema);

/**
 * INTERNAL_AUTH_PRIVATE_KEY of a calling component's environment: required, its private signing key (JWK or PEM).
 * A PEM key has no kid yet: read it with callerKeyEnv and callerKeyFrom.
 */
export const callerKeyVar = z
  .string({ error: 'is required: this component\'s private key (JWK or PEM) for signing its calls to the services' })
  .pipe(privateJwkSchema);

/** Whether `kid` may speak for `caller`: "gateway", or "gateway.<suffix>" while keys rotate. */
function kidNamesCaller(kid: string, caller: string): boolean {
  return kid === caller || (kid.startsWith(`${caller}.`) && kid.length > caller.length + 1);
}

/**
 * The environment of a calling component's signing key, to spread into its config schema: INTERNAL_AUTH_PRIVATE_KEY
 * (JWK or PEM) and INTERNAL_AUTH_KEY_ID, the kid of a PEM key (default: the caller's name, e.g. "gateway").
 */
export function callerKeyEnv(caller: string) {
  return {
    INTERNAL_AUTH_PRIVATE_KEY: callerKeyVar,
    INTERNAL_AUTH_KEY_ID: z
      .string()
      .optional()
      .refine((kid) => kid === undefined || kidNamesCaller(kid, caller), {
        message: `must be "${caller}" or "${caller}.<suffix>": the key id names the calling component`,
      }),
  };
}

/**
 * The signing key of `caller` read through callerKeyEnv, with its kid: a JWK's own, else INTERNAL_AUTH_KEY_ID, else
 * the caller's name. Throws a configuration error when INTERNAL_AUTH_KEY_ID contradicts a JWK's kid.
 */
export function callerKeyFrom(env: { INTERNAL_AUTH_PRIVATE_KEY: JWK; INTERNAL_AUTH_KEY_ID?: string | undefined }, caller: string): JWK {
  const key = env.INTERNAL_AUTH_PRIVATE_KEY;
  const keyId = env.INTERNAL_AUTH_KEY_ID;
  if (key.kid && keyId !== undefined && keyId !== key.kid) {
    throw new Error(
      `Invalid configuration:\n  INTERNAL_AUTH_KEY_ID: "${keyId}" contradicts the kid "${key.kid}" of the JWK in INTERNAL_AUTH_PRIVATE_KEY (it applies to PEM keys; unset it)`,
    );
  }
  const kid = key.kid ?? keyId ?? caller;
  if (!kidNamesCaller(kid, caller)) {
    throw new Error(`Invalid configuration:\n  INTERNAL_AUTH_PRIVATE_KEY: its kid "${kid}" must be "${caller}" or "${caller}.<suffix>"`);
  }
  return { ...key, kid };
}
