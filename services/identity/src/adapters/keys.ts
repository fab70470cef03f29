import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';

/** Keys the provider signs with: cookie keys (HMAC for signed cookies) and a private JWKS for tokens. */
export interface ProviderKeys {
  cookieKeys: string[];
  jwks: { keys: JWK[] };
}

async function generateKeys(): Promise<ProviderKeys> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  return { cookieKeys: [randomBytes(32).toString('base64url')], jwks: { keys: [jwk] } };
}

/**
 * Keys given in the environment win. Otherwise they are generated at start, and kept in
 * `<dataDir>/keys.json` when there is a data directory, so provider cookies and token signatures survive
 * a restart of the development provider.
 */
export async function loadProviderKeys(given: Partial<ProviderKeys>, dataDir?: string): Promise<ProviderKeys> {
  if (given.cookieKeys?.length && given.jwks?.keys.length) return { cookieKeys: given.cookieKeys, jwks: given.jwks };
  let base: ProviderKeys | undefined;
  const file = dataDir ? path.join(dataDir, 'keys.json') : undefined;
  if (file) {
    const saved = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (saved) base = JSON.parse(saved) as ProviderKeys;
  }
  if (!base) {
    base = await generateKeys();
    if (file) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(base), { mode: 0o600 });
    }
  }
  return {
    cookieKeys: given.cookieKeys?.length ? given.cookieKeys : base.cookieKeys,
    jwks: given.jwks?.keys.length ? given.jwks : base.jwks,
  };
}
