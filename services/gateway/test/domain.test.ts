import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@hsa/contracts';
import { EventHub } from '../src/domain/event-hub';
import { isAllowedOrigin } from '../src/domain/origin';
import { safeReturnTo } from '../src/domain/return-to';
import { isAppRoute } from '../src/domain/routes';
import { userFromClaims } from '../src/domain/user';

const PUBLIC = 'http://localhost:8080';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnTo('/dashboard', PUBLIC)).toBe('/dashboard');
    expect(safeReturnTo('http://localhost:8080/?address=1%20Main%20St', PUBLIC)).toBe('/?address=1%20Main%20St');
  });
  it('refuses other origins, protocol-relative URLs, API paths and junk', () => {
    expect(safeReturnTo('https://evil.example/phish', PUBLIC)).toBe('/');
    expect(safeReturnTo('//evil.example/x', PUBLIC)).toBe('/');
    expect(safeReturnTo('/api/logout', PUBLIC)).toBe('/');
    expect(safeReturnTo(undefined, PUBLIC)).toBe('/');
    expect(safeReturnTo(['a'], PUBLIC)).toBe('/');
    expect(safeReturnTo('x'.repeat(3000), PUBLIC)).toBe('/');
  });
});

describe('isAllowedOrigin', () => {
  const allowed = new Set([PUBLIC]);
  it('lets safe methods through without an Origin', () => {
    expect(isAllowedOrigin('GET', {}, allowed)).toBe(true);
  });
  it('requires our own Origin (or Referer) on state-changing methods', () => {
    expect(isAllowedOrigin('POST', { origin: PUBLIC }, allowed)).toBe(true);
    expect(isAllowedOrigin('PATCH', { referer: `${PUBLIC}/dashboard` }, allowed)).toBe(true);
    expect(isAllowedOrigin('POST', { origin: 'http://evil.example' }, allowed)).toBe(false);
    expect(isAllowedOrigin('DELETE', {}, allowed)).toBe(false);
    expect(isAllowedOrigin('POST', { origin: 'null' }, allowed)).toBe(false);
  });
});

describe('isAppRoute', () => {
  it('knows the spec route table', () => {
    for (const p of ['/', '/add-property', '/dashboard', '/recommendations', '/listing', '/save-property', '/dashboard/']) {
      expect(isAppRoute(p)).toBe(true);
    }
    expect(isAppRoute('/nope')).toBe(false);
    expect(isAppRoute('/dashboard/x')).toBe(false);
  });
});

describe('userFromClaims', () => {
  it('prefers given/family names and falls back to splitting name', () => {
    expect(userFromClaims({ sub: 's1', email: 'a@b.c', given_name: 'Ada', family_name: 'King Lovelace', picture: 'p' })).toEqual({
      id: 's1',
      email: 'a@b.c',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      profileImageUrl: 'p',
    });
    expect(userFromClaims({ sub: 's2', name: 'Grace  Brewster Hopper' })).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      email: '',
      profileImageUrl: null,
    });
  });
});

describe('EventHub', () => {
  const event = (userId: string): DomainEvent => ({
    id: '00000000-0000-4000-8000-000000000001',
    type: 'property.created',
    propertyId: 'p1',
    userId,
    occurredAt: new Date().toISOString(),
  });

  it('delivers only to the owner, without the user id, and forgets closed sinks', () => {
    const hub = new EventHub();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const removeA = hub.add('alice', { send: (e) => a.push(e) });
    hub.add('bob', { send: (e) => b.push(e) });
    expect(hub.publish(event('alice'))).toBe(1);
    expect(a).toHaveLength(1);
    expect(a[0]).not.toHaveProperty('userId');
    expect(b).toHaveLength(0);
    removeA();
    expect(hub.publish(event('alice'))).toBe(0);
    expect(hub.connectionCount).toBe(1);
  });
});
