import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateInternalKeyPair, INTERNAL_TOKEN_REUSE_SECONDS, InternalTokenSigner, InternalTokenVerifier } from '../src/grpc/internal-auth';

/** Tokens are reused for a few seconds and remembered once verified; neither widens what a token proves. */
describe('internal tokens reused for the same claims', () => {
  const keys = generateInternalKeyPair('gateway');
  const signer = new InternalTokenSigner(keys.privateJwk, 'gateway');
  const verifier = new InternalTokenVerifier({ keys: [keys.publicJwk] }, 'property');
  const claims = { audience: 'property', method: '/property.v1.PropertyService/ListProperties', userId: 'user-1' };

  afterEach(() => vi.useRealTimers());

  it('signs once for the same audience, method and user, and anew for any other', async () => {
    const token = await signer.sign(claims);
    expect(await signer.sign(claims)).toBe(token);
    expect(await signer.sign({ ...claims, userId: 'user-2' })).not.toBe(token);
    expect(await signer.sign({ ...claims, method: '/property.v1.PropertyService/GetProperty' })).not.toBe(token);
    expect(await signer.sign({ ...claims, audience: 'media' })).not.toBe(token);
  });

  it('signs a new token once the reuse period is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signer.sign({ ...claims, userId: 'user-3' });
    vi.setSystemTime(Date.now() + INTERNAL_TOKEN_REUSE_SECONDS * 1000 + 1000);
    expect(await signer.sign({ ...claims, userId: 'user-3' })).not.toBe(token);
  });

  it('still refuses a remembered token for another method, and an expired one', async () => {
    const bearer = `Bearer ${await signer.sign(claims)}`;
    expect(await verifier.verify(bearer, claims.method)).toEqual({ caller: 'gateway', userId: 'user-1' });
    expect(await verifier.verify(bearer, claims.method)).toEqual({ caller: 'gateway', userId: 'user-1' });
    await expect(verifier.verify(bearer, '/property.v1.PropertyService/ArchiveProperty')).rejects.toThrow(/another method/);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 120_000);
    await expect(verifier.verify(bearer, claims.method)).rejects.toThrow(/Invalid caller credentials/);
  });
});
