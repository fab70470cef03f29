import type { ToastApi } from './toast';

/** A toast asked for by code that has no antd <App> around it (e.g. the antd-free landing page). */
export interface ToastRequest {
  kind: keyof ToastApi;
  title: string;
  description?: string;
}

/**
 * The window event that carries a toast request to the shell. A DOM event, not a React context: every
 * federated bundle has its own copy of this kit, and an event name is the same string in all of them.
 */
export const toastRequestEvent = 'hsa:toast';

/** Shows a toast through the shell's one notification holder (which loads antd first if needed). */
export function requestToast(kind: ToastRequest['kind'], title: string, description?: string): void {
  const detail: ToastRequest = description === undefined ? { kind, title } : { kind, title, description };
  window.dispatchEvent(new CustomEvent<ToastRequest>(toastRequestEvent, { detail }));
}

/** The ToastApi over requestToast (what useToast answers): no antd code is needed to ask for a toast. */
export const requestedToasts: ToastApi = {
  success: (title, description) => requestToast('success', title, description),
  error: (title, description) => requestToast('error', title, description),
  info: (title, description) => requestToast('info', title, description),
};

/** For the shell: calls `show` for every toast request; returns the function that stops listening. */
export function listenForToastRequests(show: (request: ToastRequest) => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<Partial<ToastRequest>>).detail;
    if (detail && typeof detail.title === 'string' && (detail.kind === 'success' || detail.kind === 'error' || detail.kind === 'info')) {
      show(detail as ToastRequest);
    }
  };
  window.addEventListener(toastRequestEvent, listener);
  return () => window.removeEventListener(toastRequestEvent, listener);
}
