import type { LookupEvidence, LookupProperty } from '@hsa/contracts';
import { loginUrl } from '../auth/navigation';

/** The spec's demo property: id `demo-property`, userId `demo`. */
export const DEMO_PROPERTY_ID = 'demo-property';
export const DEMO_USER_ID = 'demo';

/** Where a visitor comes back to after signing in from demo mode (the wizard then saves the demo property). */
export const postLoginPath = '/?fromLogin=true';

/** The browser storage keys of demo mode: shared by the shell (header) and the wizard. */
export const demoStorageKeys = {
  /** Session storage: the demo property with its stored-at time and demo flag. */
  demoProperty: 'hsa.demoProperty',
  /** Local storage: the pending address (address, city, state) for the redirect after sign-in. */
  pendingAddress: 'hsa.pendingPropertyAddress',
} as const;

/** A demo property is kept for a day at most: an older one is treated as gone. */
export const demoPropertyMaxAgeMs = 24 * 60 * 60 * 1000;

/** A looked-up property held in the browser for demo mode. */
export interface DemoProperty extends LookupProperty {
  id: typeof DEMO_PROPERTY_ID;
  userId: typeof DEMO_USER_ID;
  /** Where the figures come from, e.g. "Sample market data: Sacramento, CA sales, May 2008". */
  dataSource: string | null;
  /**
   * The home has an estimate that the demo does not receive (the API gives it to signed-in users only): saving
   * the property asks for it again. Absent in entries stored before this existed.
   */
  estimateWithheld?: boolean;
  /**
   * The lookup's comparables and the home's sale history: the evidence of its estimate, from the same valuation run
   * (an anonymous lookup's comparables leave out what reveals the estimate). Absent in older entries.
   */
  comparables?: LookupEvidence['comparables'];
  saleHistory?: LookupEvidence['saleHistory'];
}

/** The session storage entry: the property, when it was stored and the demo flag. */
export interface StoredDemoProperty {
  property: DemoProperty;
  storedAt: string;
  isDemo: true;
}

/** The local storage entry of the post-login redirect. */
export interface PendingAddress {
  address: string;
  city: string;
  state: string;
}

function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): demo mode then lasts for the page only.
    return null;
  }
}

function readJson(kind: 'session' | 'local', key: string): unknown {
  try {
    const text = storage(kind)?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(kind: 'session' | 'local', key: string, value: unknown): void {
  try {
    storage(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage switched off: nothing to keep, the demo still works on this page.
  }
}

function remove(kind: 'session' | 'local', key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch {
    // See storage().
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Keeps a looked-up property as the demo property (id demo-property, userId demo) with the time and the demo flag. */
export function storeDemoProperty(
  property: LookupProperty & { dataSource?: string | null; estimateWithheld?: boolean } & Partial<LookupEvidence>,
  now: Date = new Date(),
): StoredDemoProperty {
  const entry: StoredDemoProperty = {
    property: {
      ...property,
      id: DEMO_PROPERTY_ID,
      userId: DEMO_USER_ID,
      dataSource: property.dataSource ?? null,
      estimateWithheld: property.estimateWithheld ?? false,
    },
    storedAt: now.toISOString(),
    isDemo: true,
  };
  writeJson('session', demoStorageKeys.demoProperty, entry);
  return entry;
}

/** The demo property of this browser session, or null (none, malformed, or older than a day). */
export function readDemoProperty(now: Date = new Date()): StoredDemoProperty | null {
  const entry = readJson('session', demoStorageKeys.demoProperty) as Partial<StoredDemoProperty> | null;
  if (!entry || entry.isDemo !== true || !isText(entry.storedAt) || !entry.property || !isText(entry.property.address)) return null;
  const storedAt = Date.parse(entry.storedAt);
  if (Number.isNaN(storedAt) || now.getTime() - storedAt > demoPropertyMaxAgeMs) {
    clearDemoProperty();
    return null;
  }
  return entry as StoredDemoProperty;
}

export function clearDemoProperty(): void {
  remove('session', demoStorageKeys.demoProperty);
}

export function storePendingAddress(pending: PendingAddress): void {
  writeJson('local', demoStorageKeys.pendingAddress, pending);
}

export function readPendingAddress(): PendingAddress | null {
  const entry = readJson('local', demoStorageKeys.pendingAddress) as Partial<PendingAddress> | null;
  if (!entry || !isText(entry.address) || entry.address.trim() === '') return null;
  return { address: entry.address, city: isText(entry.city) ? entry.city : '', state: isText(entry.state) ? entry.state : '' };
}

/** The text to search for a pending address: "3526 High St, Sacramento, CA" (city and state added when missing). */
export function pendingAddressText(pending: PendingAddress): string {
  const address = pending.address.trim();
  const city = pending.city.trim();
  if (!city || address.toLowerCase().includes(city.toLowerCase())) return address;
  return [address, city, pending.state.trim()].filter(Boolean).join(', ');
}

/** Where a pending address leads after sign-in: its analysis, `/?address=…` (spec section 4). */
export function pendingAddressUrl(pending: PendingAddress): string {
  return `/?address=${encodeURIComponent(pendingAddressText(pending))}`;
}

export function clearPendingAddress(): void {
  remove('local', demoStorageKeys.pendingAddress);
}

/** Forgets demo mode: the demo property and the pending address. */
export function clearDemoState(): void {
  clearDemoProperty();
  clearPendingAddress();
}

/**
 * 'Sign In to Save': keeps the demo property's address for the post-login redirect and goes to the
 * login page, which brings the visitor back to the wizard (postLoginPath) to save the property.
 */
export function signInToSave(navigate: (url: string) => void = (url) => window.location.assign(url)): void {
  const demo = readDemoProperty();
  if (demo) {
    const { address, city, state } = demo.property;
    storePendingAddress({ address, city, state });
  }
  navigate(loginUrl(postLoginPath));
}
