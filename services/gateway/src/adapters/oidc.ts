import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { userFromClaims, type OidcClaims } from '../domain/user';
import type { SessionUser } from '../http/session-user';

export interface OidcOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}/api/callback`, registered with the provider. */
  callbackUrl: string;
}

/** What a sign-in in progress must remember until the provider sends the browser back (kept in a cookie). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where to go after sign-in (a safe same-origin path). */
  returnTo: string;
}

const SCOPE = 'openid profile email';

/**
 * Sign-in against any OpenID Connect provider with openid-client: the authorization code flow with PKCE (S256),
 * a state and a nonce, the ID token's signature, issuer, audience, expiry and nonce checked, then the userinfo
 * claims. The provider's metadata comes from its discovery document, fetched in the background with retries,
 * so the gateway starts (and serves anonymous pages) while the provider is still starting.
 */
export class OidcSignIn {
  private configuration: oidc.Configuration | undefined;
  private stopped = false;

  constructor(
    private readonly options: OidcOptions,
    private readonly logger: Logger,
  ) {}

  get ready(): boolean {
    return this.configuration !== undefined;
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

  /** A new sign-in: the provider's authorization URL and what the callback must check. */
  async begin(returnTo: string): Promise<{ url: string; pending: PendingSignIn }> {
    const config = this.config();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      returnTo,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.options.callbackUrl,
      scope: SCOPE,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, pending };
  }

  /**
   * Completes a sign-in from the callback URL the browser came back to: exchanges the code (with the PKCE
   * verifier), checks the state and the ID token (nonce included), and reads the userinfo claims.
   */
  async complete(callbackUrl: URL, pending: PendingSignIn): Promise<SessionUser> {
    const config = this.config();
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callbackUrl,
      { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true },
      { redirect_uri: this.options.callbackUrl },
    );
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new Error('ID token without a subject');
    const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    const claims = { ...idClaims, ...userInfo, sub: idClaims.sub } as OidcClaims;
    return { ...userFromClaims(claims), idToken: tokens.id_token };
  }

  /** The provider's logout address (RP-initiated logout), or undefined when it has none. */
  endSessionUrl(postLogoutRedirectUri: string, idToken: string | undefined): string | undefined {
    const config = this.configuration;
    if (!config?.serverMetadata().end_session_endpoint) return undefined;
    const parameters: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri, client_id: this.options.clientId };
    if (idToken) parameters.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(config, parameters).href;
  }

  private config(): oidc.Configuration {
    if (!this.configuration) throw new Error('OIDC provider not discovered yet');
    return this.configuration;
  }

  private async discover(): Promise<void> {
    const issuer = new URL(this.options.issuerUrl);
    // Plain http only for a provider on this machine or cluster in development (the embedded identity service).
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks];
    this.configuration = await oidc.discovery(
      issuer,
      this.options.clientId,
      { client_secret: this.options.clientSecret },
      oidc.ClientSecretPost(this.options.clientSecret),
      { execute, timeout: 3 },
    );
    this.logger.info({ issuer: this.configuration.serverMetadata().issuer }, 'OIDC provider discovered');
  }
}
