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

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
