import { describe, expect, it } from 'vitest';
import { isAppRoute, knownRemotes, remoteBasePath } from '../src';

describe('the route table', () => {
  it('knows the spec route table, with or without a trailing slash', () => {
    for (const p of ['/', '/add-property', '/dashboard', '/recommendations', '/listing', '/save-property', '/dashboard/']) {
      expect(isAppRoute(p), p).toBe(true);
    }
  });
  it('refuses every other path, nested ones included', () => {
    for (const p of ['/nope', '/dashboard/x', '/remotes/wizard/', '/api/config', '//dashboard']) expect(isAppRoute(p), p).toBe(false);
  });
  it('serves each remote under /remotes/<name>/', () => {
    expect(knownRemotes.map(remoteBasePath)).toEqual(['/remotes/dashboard/', '/remotes/wizard/', '/remotes/listing/']);
  });
});
