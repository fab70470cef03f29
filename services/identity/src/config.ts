import { z } from 'zod';
import type { JWK } from 'oidc-provider';
import { commonConfigSchema, flagVar, portVar, readConfig } from '@hsa/service-kit';
import type { IdentityServerOptions } from './server';

/** An optional string where an empty value counts as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A comma-separated list. */
const listVar = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

const absoluteUrl = (name: string) =>
  z.string().refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), `${name} entries must be absolute http(s) URLs`);

/** The issuer is an origin: oidc-provider serves its endpoints at the root, and clients compare it exactly. */
const issuerVar = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .refine(
    (v) => v === undefined || (URL.canParse(v) && new URL(v).origin === v),
    'must be an origin such as http://localhost:8081 (http or https, no path, no trailing slash)',
  );

const jwksVar = optionalText.transform((v, ctx) => {
  if (!v) return undefined;
  try {
    const parsed = JSON.parse(v) as { keys?: unknown };
    if (Array.isArray(parsed.keys) && parsed.keys.length > 0) return { keys: parsed.keys as JWK[] };
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a JSON Web Key Set with private keys: {"keys":[...]}' });
  return z.NEVER;
});

export const identityConfigSchema = commonConfigSchema.extend({
  IDENTITY_PORT: portVar(8081),
  IDENTITY_HOST: optionalText,
  IDENTITY_ISSUER: issuerVar,
  IDENTITY_CLIENT_ID: z.string().min(1).default('hsa-web'),
  IDENTITY_CLIENT_SECRET: z.string().min(1).default('hsa-dev-secret'),
  IDENTITY_REDIRECT_URIS: listVar('http://localhost:8080/api/callback').pipe(z.array(absoluteUrl('IDENTITY_REDIRECT_URIS')).min(1)),
  IDENTITY_POST_LOGOUT_REDIRECT_URIS: listVar('http://localhost:8080/').pipe(z.array(absoluteUrl('IDENTITY_POST_LOGOUT_REDIRECT_URIS'))),
  IDENTITY_ALLOW_PRODUCTION: flagVar(false),
  IDENTITY_DATA_DIR: optionalText,
  IDENTITY_COOKIE_KEYS: listVar(''),
  IDENTITY_JWKS: jwksVar,
});

export type IdentityConfig = z.output<typeof identityConfigSchema>;

export const PRODUCTION_REFUSAL_MESSAGE =
  'services/identity refuses to start with NODE_ENV=production: it is a development sign-in where any email signs in ' +
  'without a password. Use a real OpenID Connect provider in production, or set IDENTITY_ALLOW_PRODUCTION=true if you ' +
  'really mean to run it there.';

/** The reason not to start, when NODE_ENV is production and IDENTITY_ALLOW_PRODUCTION is not set. */
export function productionRefusal(env: NodeJS.ProcessEnv): string | undefined {
  const allowed = ['1', 'true', 'yes', 'on'].includes((env.IDENTITY_ALLOW_PRODUCTION ?? '').trim().toLowerCase());
  return env.NODE_ENV === 'production' && !allowed ? PRODUCTION_REFUSAL_MESSAGE : undefined;
}

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const refusal = productionRefusal(env);
  if (refusal) throw new Error(refusal);
  return readConfig(identityConfigSchema, env);
}

/** Server options from configuration; without IDENTITY_ISSUER the issuer is http://localhost:<port bound>. */
export function serverOptionsFrom(config: IdentityConfig): IdentityServerOptions {
  return {
    port: config.IDENTITY_PORT,
    host: config.IDENTITY_HOST,
    issuer: config.IDENTITY_ISSUER,
    clients: [
      {
        clientId: config.IDENTITY_CLIENT_ID,
        clientSecret: config.IDENTITY_CLIENT_SECRET,
        redirectUris: config.IDENTITY_REDIRECT_URIS,
        postLogoutRedirectUris: config.IDENTITY_POST_LOGOUT_REDIRECT_URIS,
      },
    ],
    dataDir: config.IDENTITY_DATA_DIR,
    cookieKeys: config.IDENTITY_COOKIE_KEYS.length ? config.IDENTITY_COOKIE_KEYS : undefined,
    jwks: config.IDENTITY_JWKS,
  };
}
