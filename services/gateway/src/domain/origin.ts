const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing request must come from one of our own origins, as stated by the
 * browser's Origin header (or, when a browser omits it, the Referer's origin). Requests stating
 * neither are refused too.
 */
export function isAllowedOrigin(
  method: string,
  headers: { origin?: string | undefined; referer?: string | undefined },
  allowedOrigins: ReadonlySet<string>,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const stated = headers.origin ?? originOf(headers.referer);
  return stated !== undefined && allowedOrigins.has(stated);
}

/**
 * Whether a top-level navigation was started by the product itself or by the person (address bar, bookmark),
 * not by another site. Browsers state it in Sec-Fetch-Site (`same-origin`, or `none` for a typed address; a
 * `same-site` or `cross-site` one must come from an allowed origin, by its Referer); an old browser that does not
 * send Sec-Fetch-Site is judged by its Referer alone, which must be absent or ours. Used for GET /api/logout,
 * which stays a full-page navigation (spec) but must not end a session when another site triggers it.
 */
export function isOwnNavigation(
  headers: { secFetchSite?: string | undefined; referer?: string | undefined },
  allowedOrigins: ReadonlySet<string>,
): boolean {
  const site = headers.secFetchSite?.trim().toLowerCase();
  if (site === 'same-origin' || site === 'none') return true;
  const referrer = originOf(headers.referer);
  const fromAllowedOrigin = referrer !== undefined && allowedOrigins.has(referrer);
  // Another site of ours (ALLOWED_ORIGINS) is recognised by its Referer; a page hiding its Referer is not ours.
  if (site) return fromAllowedOrigin;
  return headers.referer === undefined || fromAllowedOrigin;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
