import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InternalTokenSigner, InternalTokenVerifier, callerKeyEnv, callerKeyFrom, readConfig, trustedCallerKeysVar } from '@hsa/service-kit';
import { helm } from '../src/helm';
import { fixturesDir } from './support/fixture';

/**
 * The internal-auth keys a chart can generate (Helm's `genPrivateKey "ecdsa"` and `genSelfSignedCertWithKey`, rendered
 * by the real helm binary) are what the service kit reads: a caller's PEM key signs, and a callee given the
 * callers' certificates as one bundle (as Kubernetes concatenates $(VAR) references) verifies it.
 */
describe('internal-auth keys made by Helm', () => {
  it('sign and verify through the kit, and a certificate of another key with the same CN refuses', async () => {
    const result = await helm(['template', 'hsa', path.join(fixturesDir, 'helm-keys')], fixturesDir);
    expect(result.code, result.stderr).toBe(0);
    const keys = (parse(result.stdout) as { data: Record<string, string> }).data;
    expect(keys['gateway.key']).toMatch(/^-----BEGIN EC PRIVATE KEY-----/);

    const signer = (caller: 'gateway' | 'neighborhood') =>
      new InternalTokenSigner(callerKeyFrom(readConfig(z.object(callerKeyEnv(caller)), { INTERNAL_AUTH_PRIVATE_KEY: keys[`${caller}.key`]! }), caller), caller);
    const verifier = (bundle: string) =>
      new InternalTokenVerifier(readConfig(z.object({ INTERNAL_AUTH_PUBLIC_KEYS: trustedCallerKeysVar }), { INTERNAL_AUTH_PUBLIC_KEYS: bundle }).INTERNAL_AUTH_PUBLIC_KEYS, 'valuation');

    // Joined with a newline (the chart's `join "\n"`) and with nothing between them.
    for (const bundle of [`${keys['gateway.crt']}\n${keys['neighborhood.crt']}`, `${keys['gateway.crt']!.trim()}${keys['neighborhood.crt']!.trim()}`]) {
      const valuation = verifier(bundle);
      for (const caller of ['gateway', 'neighborhood'] as const) {
        const token = await signer(caller).sign({ audience: 'valuation', method: '/valuation.v1.ValuationService/GetEstimate' });
        await expect(valuation.verify(`Bearer ${token}`, '/valuation.v1.ValuationService/GetEstimate')).resolves.toEqual({ caller, userId: undefined });
      }
    }
    const token = await signer('gateway').sign({ audience: 'valuation', method: '/m' });
    await expect(verifier(keys['stranger.crt']!).verify(`Bearer ${token}`, '/m')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  }, 30_000);
});
