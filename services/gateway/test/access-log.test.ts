import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userIdHash } from '../src/http/access-log';

describe('userIdHash', () => {
  const expected = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 16);

  it('is the first 16 hex digits of the id’s SHA-256, on a repeated call and after many other users too', () => {
    expect(userIdHash('user-a')).toBe(expected('user-a'));
    expect(userIdHash('user-a')).toBe(expected('user-a'));
    for (let i = 0; i < 2500; i++) expect(userIdHash(`user-${i}`)).toBe(expected(`user-${i}`));
    expect(userIdHash('user-a')).toBe(expected('user-a'));
    expect(userIdHash('user-b')).not.toBe(userIdHash('user-a'));
  });
});
