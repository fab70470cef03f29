import { describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../src/adapters/memory-adapter';

describe('memory adapter', () => {
  it('stores, finds by uid, consumes and destroys records', async () => {
    const factory = createMemoryAdapter();
    const sessions = factory('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'a' });
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' });
    expect(await factory('Interaction').find('s1')).toBeUndefined();

    const codes = factory('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('forgets expired records', async () => {
    const interactions = createMemoryAdapter()('Interaction');
    await interactions.upsert('i1', {}, 0);
    expect(await interactions.find('i1')).toBeUndefined();
  });

  it('revokes every token of a grant, and only those', async () => {
    const factory = createMemoryAdapter();
    const tokens = factory('AccessToken');
    const codes = factory('AuthorizationCode');
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'g2' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await codes.find('c1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeDefined();
  });

  it('keeps each provider instance to its own storage', async () => {
    await createMemoryAdapter()('Session').upsert('shared', {}, 60);
    expect(await createMemoryAdapter()('Session').find('shared')).toBeUndefined();
  });
});
