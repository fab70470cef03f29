import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LookupProperty } from '@hsa/contracts';
import {
  DEMO_PROPERTY_ID,
  DEMO_USER_ID,
  clearDemoState,
  demoPropertyMaxAgeMs,
  demoStorageKeys,
  readDemoProperty,
  readPendingAddress,
  signInToSave,
  storeDemoProperty,
  storePendingAddress,
} from '@hsa/ui-kit';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
const lookedUp: LookupProperty = {
  address: '3526 High St, Sacramento, CA 95838',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95838',
  bedrooms: 2,
  bathrooms: 1,
  squareFootage: 836,
  yearBuilt: null,
  propertyType: 'single_family',
  lotSize: null,
  estimatedValue: 61_000,
  estimatedValueLow: 55_000,
  estimatedValueHigh: 67_000,
  coordinates: { latitude: 38.631913, longitude: -121.434879 },
  placeId: 'open-data:1',
};

describe('demo storage', () => {
  it('keeps the demo property in session storage with its stored-at time and the demo flag', () => {
    const now = new Date('2026-03-05T12:00:00.000Z');
    storeDemoProperty({ ...lookedUp, dataSource: 'Sample market data' }, now);
    const raw = JSON.parse(sessionStorage.getItem(demoStorageKeys.demoProperty)!);
    expect(raw).toEqual({
      property: { ...lookedUp, id: DEMO_PROPERTY_ID, userId: DEMO_USER_ID, dataSource: 'Sample market data', estimateWithheld: false },
      storedAt: '2026-03-05T12:00:00.000Z',
      isDemo: true,
    });
    expect(DEMO_PROPERTY_ID).toBe('demo-property');
    expect(DEMO_USER_ID).toBe('demo');
    expect(readDemoProperty(new Date('2026-03-05T13:00:00.000Z'))?.property.address).toBe(lookedUp.address);
    expect(localStorage.length).toBe(0);
  });

  it('forgets a demo property older than a day, and ignores malformed entries', () => {
    const storedAt = new Date('2026-03-05T12:00:00.000Z');
    storeDemoProperty(lookedUp, storedAt);
    expect(readDemoProperty(new Date(storedAt.getTime() + demoPropertyMaxAgeMs + 1))).toBeNull();
    expect(sessionStorage.getItem(demoStorageKeys.demoProperty)).toBeNull();

    for (const bad of ['not json', '{}', '{"isDemo":true,"storedAt":"x","property":{"address":"a"}}', '{"isDemo":false,"storedAt":"2026-03-05T12:00:00Z","property":{"address":"a"}}']) {
      sessionStorage.setItem(demoStorageKeys.demoProperty, bad);
      expect(readDemoProperty(storedAt)).toBeNull();
    }
  });

  it('keeps the pending address (address, city, state) in local storage', () => {
    storePendingAddress({ address: '51 Omaha Ct', city: 'Sacramento', state: 'CA' });
    expect(JSON.parse(localStorage.getItem(demoStorageKeys.pendingAddress)!)).toEqual({ address: '51 Omaha Ct', city: 'Sacramento', state: 'CA' });
    expect(readPendingAddress()).toEqual({ address: '51 Omaha Ct', city: 'Sacramento', state: 'CA' });
    localStorage.setItem(demoStorageKeys.pendingAddress, '{"address":"  "}');
    expect(readPendingAddress()).toBeNull();
  });

  it('clears both when demo mode ends', () => {
    storeDemoProperty(lookedUp);
    storePendingAddress({ address: '51 Omaha Ct', city: 'Sacramento', state: 'CA' });
    clearDemoState();
    expect(readDemoProperty()).toBeNull();
    expect(readPendingAddress()).toBeNull();
  });

  it("'Sign In to Save' stores the demo property's address and signs in back to /?fromLogin=true", () => {
    storeDemoProperty(lookedUp);
    const navigate = vi.fn();
    signInToSave(navigate);
    expect(readPendingAddress()).toEqual({ address: lookedUp.address, city: 'Sacramento', state: 'CA' });
    expect(navigate).toHaveBeenCalledWith('/api/login?returnTo=%2F%3FfromLogin%3Dtrue');
  });

  it('works, without keeping anything, when storage is switched off', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => storeDemoProperty(lookedUp)).not.toThrow();
    expect(readDemoProperty()).toBeNull();
  });
});
