import passport from 'passport';
import { Strategy as OpenIDConnectStrategy, type Profile, type VerifyFunction } from 'passport-openidconnect';
import type { Logger } from 'pino';
import { userFromClaims, type OidcClaims } from '../domain/user';
import type { SessionUser } from '../http/session-user';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
}

export const STRATEGY = 'oidc';

/**
 * Sign-in against any OpenID Connect provider. The provider's endpoints come from its discovery
 * document, fetched in the background with retries, so the gateway starts (and serves anonymous
 * pages) while the provider is still starting.
 */
export class OidcSignIn {
  private discovery: Discovery | undefined;
  private stopped = false;

  constructor(
    private readonly options: { issuerUrl: string; clientId: string; clientSecret: string; callbackUrl: string },
    private readonly logger: Logger,
  ) {}

  get ready(): boolean {
    return this.discovery !== undefined;
  }

  get endSessionEndpoint(): string | undefined {
    return this.discovery?.end_session_endpoint;
  }

  start(): Promise<void> {
    const attempt = async (delay: number): Promise<void> => {
      if (this.stopped) return;
      try {
        await this.discover();
      } catch (err) {
        if (delay === 250) this.logger.warn({ err, issuer: this.options.issuerUrl }, 'OIDC discovery failed; retrying');
        await new Promise((r) => setTimeout(r, delay));
        return attempt(Math.min(delay * 2, 5000));
      }
    };
    return attempt(250);
  }

  stop(): void {
    this.stopped = true;
  }

  private async discover(): Promise<void> {
    const url = `${this.options.issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    const doc = (await res.json()) as Discovery;
    passport.use(
      STRATEGY,
      new OpenIDConnectStrategy(
        {
          issuer: doc.issuer,
          authorizationURL: doc.authorization_endpoint,
          tokenURL: doc.token_endpoint,
          userInfoURL: doc.userinfo_endpoint ?? '',
          clientID: this.options.clientId,
          clientSecret: this.options.clientSecret,
          callbackURL: this.options.callbackUrl,
          scope: ['openid', 'profile', 'email'],
          skipUserProfile: false,
        },
        ((
          _issuer: string,
          userInfo: (Profile & { _json?: Partial<OidcClaims> }) | undefined,
          _idProfile: Profile,
          _context: object,
          idToken: string | object,
          _accessToken: string | object,
          _refreshToken: string,
          _params: object,
          done: (err: Error | null, user?: Express.User) => void,
        ) => {
          // The ID token came over the TLS back channel from the token endpoint (code flow), and the
          // library has checked its issuer, audience, expiry and nonce; userinfo adds to its claims.
          const claims = { ...decodeJwtPayload(idToken), ...(userInfo?._json ?? {}) } as OidcClaims;
          if (!claims.sub) return done(new Error('ID token without a subject'));
          const user: SessionUser = { ...userFromClaims(claims), idToken: typeof idToken === 'string' ? idToken : undefined };
          done(null, user);
        }) as unknown as VerifyFunction,
        // ^ the library picks the verify form by arity; its types lack the 9-argument one used here.
      ),
    );
    this.discovery = doc;
    this.logger.info({ issuer: doc.issuer }, 'OIDC provider discovered');
  }
}

function decodeJwtPayload(token: string | object): Record<string, unknown> {
  if (typeof token !== 'string') return token as Record<string, unknown>;
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}
