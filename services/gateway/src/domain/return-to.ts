/**
 * Where to send the browser after sign-in. Only a same-origin path is accepted, and only in a form no browser can
 * read as a network-path reference (`//host`, `/\host`): the candidate is resolved against the public URL, and
 * the resulting path is refused when it starts with two slashes or a backslash after the first one, which dot
 * segments (`/.//evil.example`, `/a/..//evil.example`, `/%2e//evil.example`) can produce. API paths and anything
 * unreadable fall back to the home page.
 */
export function safeReturnTo(candidate: unknown, publicUrl: string): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2000) return '/';
  // Control characters and backslashes have no place in a path we produce; browsers strip or rewrite them.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return '/';
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin || url.username || url.password) return '/';
  const path = url.pathname;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || /^\/(%2f|%5c)/i.test(path)) return '/';
  if (path === '/api' || path.startsWith('/api/')) return '/';
  return `${path}${url.search}${url.hash}`;
}
