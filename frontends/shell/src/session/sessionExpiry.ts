import { redirectToLogin } from '@hsa/ui-kit';
import { toastBridge } from '../antd/toastBridge';

let redirecting = false;

/**
 * A 401 from a query or mutation: the session is gone. Tell the user, then go to the login page
 * after 1 s (the spec's session-expiry delay), returning to this page afterwards. Runs once.
 */
export function handleSessionExpired(): void {
  if (redirecting) return;
  redirecting = true;
  toastBridge.show({ kind: 'error', title: 'Session Expired', description: 'Please log in again to continue.' });
  redirectToLogin(1_000);
}
