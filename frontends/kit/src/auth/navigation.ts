/** Sign-in and sign-out are full-page navigations to the gateway, never client-side routes. */
export const logoutUrl = '/api/logout';

/** The login address; after sign-in the gateway sends the browser back to returnTo. */
export function loginUrl(returnTo?: string): string {
  return returnTo && returnTo !== '/' ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
}

/** The path (with query) of the current page, for returnTo. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Full-page navigation to the login address after delayMs, returning to the current page. */
export function redirectToLogin(delayMs = 0, returnTo: string = currentPath()): () => void {
  const timer = setTimeout(() => window.location.assign(loginUrl(returnTo)), delayMs);
  return () => clearTimeout(timer);
}
