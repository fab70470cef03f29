import type { Logger } from 'pino';
import type Provider from 'oidc-provider';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { accountClaims } from '../domain/account';
import type { AccountStore } from './account-store';
import type { ProviderKeys } from './keys';
import { createMemoryAdapter } from './memory-adapter';
import { AUTO_SUBMIT_SCRIPT_HASH, errorPage, pageSecurityHeaders, signedOutPage, signingOutPage } from './views';

export type { Provider };

/** A relying party registered at start (the product's own web client). */
export interface IdentityClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface OidcProviderOptions {
  issuer: string;
  clients: IdentityClient[];
  keys: ProviderKeys;
  accounts: AccountStore;
  /** The `picture` claim of a subject. */
  pictureUrl: (sub: string) => string;
  logger: Logger;
}

/** Which claims each scope releases (in the ID token and from userinfo). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'picture'],
};

function toClientMetadata(client: IdentityClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    // passport-openidconnect 0.1.2 sends the secret in the token request body.
    token_endpoint_auth_method: 'client_secret_post',
  };
}

function html(ctx: KoaContextWithOIDC, body: string, scriptHashes: string[] = []): void {
  ctx.set(pageSecurityHeaders(scriptHashes));
  ctx.type = 'html';
  ctx.body = body;
}

export function providerConfiguration(options: OidcProviderOptions): Configuration {
  const { accounts, keys, pictureUrl } = options;
  return {
    adapter: createMemoryAdapter(),
    clients: options.clients.map(toClientMetadata),
    claims: SCOPE_CLAIMS,
    // Put the scope's claims into the ID token too, not only into userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    cookies: { keys: keys.cookieKeys },
    jwks: keys.jwks,
    async findAccount(_ctx, sub) {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => accountClaims(account, pictureUrl(sub)) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => html(ctx, signingOutPage(form), [AUTO_SUBMIT_SCRIPT_HASH]),
        postLogoutSuccessSource: (ctx) => html(ctx, signedOutPage()),
      },
    },
    // Only public clients must use PKCE; the product's confidential client (passport-openidconnect) does none.
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    renderError: (ctx, out) => html(ctx, errorPage(out)),
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
  };
}

/** Builds the provider. oidc-provider is ESM-only, so it is loaded with a dynamic import from this CommonJS build. */
export async function createOidcProvider(options: OidcProviderOptions): Promise<Provider> {
  const { default: ProviderClass } = await import('oidc-provider');
  const provider = new ProviderClass(options.issuer, providerConfiguration(options));
  const { logger } = options;
  provider.on('server_error', (_ctx, err) => logger.error({ err }, 'identity provider error'));
  // Client mistakes (bad redirect_uri, wrong secret, expired code) are worth a line, not a stack trace.
  const warn = (event: string) => (_ctx: unknown, err: Error) =>
    logger.warn({ err: { name: err.name, message: err.message } }, event);
  provider.on('authorization.error', warn('authorization.error'));
  provider.on('grant.error', warn('grant.error'));
  provider.on('userinfo.error', warn('userinfo.error'));
  provider.on('end_session.error', warn('end_session.error'));
  provider.on('end_session.success', () => logger.info('signed out'));
  return provider;
}
