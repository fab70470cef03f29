/**
 * Where to send the browser after sign-in. Only same-origin paths are accepted, so /api/login can't be
 * turned into an open redirect; API paths (other than none) fall back to the home page.
 */
export function safeReturnTo(candidate: unknown, publicUrl: string): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2000) return '/';
  let url: URL;
  try {
    url = new URL(candidate, publicUrl);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(publicUrl).origin) return '/';
  if (url.pathname.startsWith('/api/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
