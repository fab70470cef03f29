import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** The S3 endpoint browsers upload to and load photos from (S3_PUBLIC_ENDPOINT, else S3_ENDPOINT); AWS when unset. */
  objectStoreUrl?: string | undefined;
  /** The sign-in provider (its profile pictures are shown in the header). */
  issuerUrl: string;
  /** Module Federation remotes served from other origins (REMOTES_MANIFEST). */
  remotesManifest?: string | undefined;
  /** Google Maps is loaded only when a browser key is configured. */
  googleMaps: boolean;
  /**
   * Who may load these responses as subresources: `same-origin` (default) for the product's own pages; a remote
   * whose scripts another origin's shell loads (CORS_ORIGINS) answers `cross-origin`.
   */
  crossOriginResourcePolicy?: 'same-origin' | 'same-site' | 'cross-origin';
}

/** HSTS for a year, this host only (the product does not speak for its parent domain's other hosts). */
const HSTS_MAX_AGE_SECONDS = 31_536_000;
/** The referrer policy of pages and API answers alike. */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Where the Maps JavaScript API loads from (Google's published allowlist for it). */
const GOOGLE_MAPS = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', "'unsafe-eval'", 'blob:'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  frame: ['*.google.com'],
  worker: ['blob:'],
};

/**
 * Response headers of every answer, the gateway's and the web images' alike (so the shell's page gets one policy
 * wherever it is served; a static script or style then drops DOCUMENT_ONLY_HEADERS): a Content-Security-Policy
 * allowing exactly what the product loads (its own scripts, no inline script; the object store for photos and
 * uploads; Google Maps only when configured), a Permissions-Policy turning off every powerful feature the product
 * does not use, and helmet's other defaults (nosniff, frame denial, referrer policy, opener isolation; HSTS when the
 * public URL is https).
 *
 * Styles allow 'unsafe-inline': antd writes its CSS-in-JS into <style> elements at run time.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const https = options.publicUrl.startsWith('https://');
  const objectStore = options.objectStoreUrl ? [new URL(options.objectStoreUrl).origin] : ['https://*.amazonaws.com'];
  const remotes = remoteOrigins(options.remotesManifest, options.publicUrl);
  const maps = (kind: keyof typeof GOOGLE_MAPS) => (options.googleMaps ? GOOGLE_MAPS[kind] : []);

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...maps('script')],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes, ...maps('style')],
    'img-src': ["'self'", 'data:', 'blob:', ...objectStore, new URL(options.issuerUrl).origin, ...maps('img')],
    'font-src': ["'self'", 'data:', ...maps('font')],
    'connect-src': ["'self'", ...objectStore, ...remotes, ...maps('connect')],
    'worker-src': ["'self'", ...maps('worker')],
    'frame-src': options.googleMaps ? maps('frame') : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];

  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: dedupe(directives) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: options.crossOriginResourcePolicy ?? 'same-origin' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/**
 * The response headers of the gateway's API (JSON, server-sent events, redirects): OWASP's set for REST responses
 * instead of the page's policy, which is written for an HTML document and is most of an API answer's bytes (1,282
 * bytes of headers on a 99-byte address search). `default-src 'none'` is stricter than the page's policy should an
 * answer ever be opened as a document: nothing in it may load or run. nosniff, frame denial, CORP, the referrer
 * policy and HSTS stay as every response has them.
 */
export function apiSecurityHeaders(options: Pick<SecurityHeaderOptions, 'publicUrl' | 'crossOriginResourcePolicy'>): RequestHandler {
  const headers: [string, string][] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', options.crossOriginResourcePolicy ?? 'same-origin'],
    ['Referrer-Policy', REFERRER_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ...(options.publicUrl.startsWith('https://') ? [['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`] as [string, string]] : []),
  ];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers above that govern a document (what it may load, embed, be framed by, which features it gets): a script,
 * a stylesheet or a raster image never becomes one, so their responses go without them (staticFiles removes them),
 * about 1.2 KB on each of a page's 20 to 50 requests. Every response keeps nosniff (which stops a file being read as
 * another type), Cross-Origin-Resource-Policy, Referrer-Policy (a stylesheet's own requests follow it) and HSTS.
 * Nothing here is served as a worker, whose policy would come from its own response.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-Frame-Options',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/**
 * Features the product never uses, turned off for its pages and anything they embed. Fullscreen stays for the
 * map's own control; the clipboard (Copy Description) is not a policy-controlled feature for writing.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Origins of remotes listed in a REMOTES_MANIFEST override that are not the product's own. */
function remoteOrigins(manifest: string | undefined, publicUrl: string): string[] {
  if (!manifest) return [];
  try {
    const entries = Object.values(JSON.parse(manifest) as Record<string, unknown>);
    const own = new URL(publicUrl).origin;
    return entries
      .filter((value): value is string => typeof value === 'string')
      .map((value) => new URL(value, publicUrl).origin)
      .filter((origin) => origin !== own);
  } catch {
    return [];
  }
}

function dedupe(directives: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(directives).map(([name, values]) => [name, [...new Set(values)]]));
}
