import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, createLocalJWKSet, errors as joseErrors, importJWK, jwtVerify, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
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
const CLOCK_TOLERANCE_SECONDS = 5;
const ALGORITHMS = ['ES256', 'EdDSA'] as const;

/** The caller a verified token names. */
export interface InternalIdentity {
  /** The calling component (`iss`), e.g. "gateway". */
  caller: string;
  /** The signed-in user the call acts for (`sub`), if any. */
  userId: string | undefined;
}

/** A private signing key as a JWK (with `kid`), for the components that call services. */
export const privateJwkSchema = z
  .string()
  .transform((text, ctx) => {
    const jwk = parseJson(text);
    if (!isJwk(jwk) || typeof jwk.d !== 'string' || typeof jwk.kid !== 'string' || !jwk.kid) {
      ctx.addIssue({ code: 'custom', message: 'must be a private JSON Web Key (EC P-256 or Ed25519) with a "kid"' });
      return z.NEVER;
    }
    return jwk;
  });

/** The public keys of the trusted callers as a JWK Set; a private key in it is refused (services verify only). */
export const publicJwksSchema = z
  .string()
  .transform((text, ctx) => {
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

  async sign(claims: { audience: string; method: string; userId?: string | undefined }): Promise<string> {
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

/** INTERNAL_AUTH_PUBLIC_KEYS of a service's environment: required, a JWK Set of the callers it trusts. */
export const trustedCallerKeysVar = z
  .string({ error: 'is required: the public keys (JWK Set) of the components allowed to call this service' })
  .pipe(publicJwksSchema);

/** INTERNAL_AUTH_PRIVATE_KEY of a calling component's environment: required, its private signing key (JWK). */
export const callerKeyVar = z
  .string({ error: 'is required: this component\'s private key (JWK) for signing its calls to the services' })
  .pipe(privateJwkSchema);
