import { hkdfSync } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { PendingSignIn } from '../adapters/oidc';

export const PENDING_SIGN_IN_COOKIE = 'hsa.signin';
const COOKIE_PATH = '/api/callback';
/** A sign-in not completed within this time starts over. */
const LIFETIME_SECONDS = 10 * 60;

/**
 * The state of a sign-in in progress (state, nonce, PKCE verifier, return path) lives in a short-lived encrypted
 * cookie scoped to the callback, not in the session store: an anonymous visit to /api/login writes no row.
 * SameSite=Lax, because the provider sends the browser back with a top-level GET navigation.
 */
export class PendingSignInCookie {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    this.key = new Uint8Array(hkdfSync('sha256', secret, 'hsa.gateway', 'pending sign-in cookie (A256GCM)', 32));
  }

  async write(res: Response, pending: PendingSignIn): Promise<void> {
    const token = await new EncryptJWT({ ...pending })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(`${LIFETIME_SECONDS}s`)
      .encrypt(this.key);
    res.cookie(PENDING_SIGN_IN_COOKIE, token, this.options(LIFETIME_SECONDS * 1000));
  }

  /** The pending sign-in of this browser, or undefined when it has none (or it expired, or was tampered with). */
  async read(req: Request): Promise<PendingSignIn | undefined> {
    const token = parseCookies(req.headers.cookie ?? '')[PENDING_SIGN_IN_COOKIE];
    if (!token) return undefined;
    try {
      const { payload } = await jwtDecrypt(token, this.key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
      const { state, nonce, codeVerifier, returnTo } = payload;
      if ([state, nonce, codeVerifier, returnTo].every((v) => typeof v === 'string')) {
        return { state, nonce, codeVerifier, returnTo } as PendingSignIn;
      }
    } catch {
      // expired or not ours
    }
    return undefined;
  }

  clear(res: Response): void {
    res.clearCookie(PENDING_SIGN_IN_COOKIE, this.options());
  }

  private options(maxAge?: number) {
    return { httpOnly: true, sameSite: 'lax' as const, secure: this.secure, path: COOKIE_PATH, ...(maxAge ? { maxAge } : {}) };
  }
}
