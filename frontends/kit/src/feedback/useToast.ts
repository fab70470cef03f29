import { requestedToasts } from './toastRequests';
import type { ToastApi } from './toast';

/**
 * The product's toasts, shown by the shell's one notification holder (one at a time across the whole page, every
 * remote included): each is a request the shell picks up (requestToast), so a page loads none of antd's notification,
 * modal or message code to show one. Standalone remotes and tests render ToastRequests, which shows them the same way.
 */
export function useToast(): ToastApi {
  return requestedToasts;
}
