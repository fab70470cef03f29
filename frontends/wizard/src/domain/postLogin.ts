import { pendingAddressUrl, type PendingAddress } from '@hsa/ui-kit';

export type PostLoginAction =
  /** Save the demo property to the account (POST after 500 ms), then show it. */
  | { kind: 'auto-save' }
  /** Go elsewhere: the pending address (/?address=...) or /save-property. */
  | { kind: 'redirect'; to: string; clearPendingAddress: boolean }
  | { kind: 'none' };

/** The demo auto-save waits this long after sign-in (spec section 9). */
export const autoSaveDelayMs = 500;

/**
 * What happens when the wizard opens right after sign-in (spec section 4): the post-login action saveProperty
 * leads to /save-property, or to the demo property's address when there is one; otherwise a demo property in this
 * browser session is auto-saved; otherwise a pending address sends the user to /?address=... (and is cleared).
 * (A pending address met after any other sign-in is followed by the shell's home page.)
 */
export function decidePostLogin(input: {
  fromLogin: boolean;
  /** The demo property of this browser session (its address), if any. */
  demoProperty: PendingAddress | null;
  pendingAddress: PendingAddress | null;
  action?: string | null;
}): PostLoginAction {
  if (!input.fromLogin) return { kind: 'none' };
  if (input.action === 'saveProperty') {
    return input.demoProperty
      ? { kind: 'redirect', to: pendingAddressUrl(input.demoProperty), clearPendingAddress: true }
      : { kind: 'redirect', to: '/save-property', clearPendingAddress: false };
  }
  if (input.demoProperty) return { kind: 'auto-save' };
  if (input.pendingAddress) return { kind: 'redirect', to: pendingAddressUrl(input.pendingAddress), clearPendingAddress: true };
  return { kind: 'none' };
}
