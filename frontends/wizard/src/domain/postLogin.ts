import type { PendingAddress } from '@hsa/ui-kit';

export type PostLoginAction =
  /** Save the demo property to the account (POST after 500 ms), then show it. */
  | { kind: 'auto-save' }
  /** Go elsewhere: the pending address (/?address=...) or /save-property. */
  | { kind: 'redirect'; to: string; clearPendingAddress: boolean }
  | { kind: 'none' };

/** The demo auto-save waits this long after sign-in (spec section 9). */
export const autoSaveDelayMs = 500;

/** The text to search for a pending address: "3526 High St, Sacramento, CA" (city and state added when missing). */
export function pendingAddressText(pending: PendingAddress): string {
  const address = pending.address.trim();
  const city = pending.city.trim();
  if (!city || address.toLowerCase().includes(city.toLowerCase())) return address;
  return [address, city, pending.state.trim()].filter(Boolean).join(', ');
}

/**
 * What happens when the wizard opens right after sign-in (spec section 4): a demo property in this
 * browser session is auto-saved; otherwise a pending address sends the user to /?address=... (and is
 * cleared); otherwise the post-login action saveProperty leads to /save-property.
 */
export function decidePostLogin(input: {
  fromLogin: boolean;
  hasDemoProperty: boolean;
  pendingAddress: PendingAddress | null;
  action?: string | null;
}): PostLoginAction {
  if (!input.fromLogin) return { kind: 'none' };
  if (input.hasDemoProperty) return { kind: 'auto-save' };
  if (input.pendingAddress) {
    return { kind: 'redirect', to: `/?address=${encodeURIComponent(pendingAddressText(input.pendingAddress))}`, clearPendingAddress: true };
  }
  if (input.action === 'saveProperty') return { kind: 'redirect', to: '/save-property', clearPendingAddress: false };
  return { kind: 'none' };
}
