import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Files every deployment revalidates: they name the hashed files of the current build. */
const ENTRY_POINTS = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);

/** Files that are never rendered as a document (unlike HTML, SVG or JSON): scripts, styles, maps, raster images, fonts. */
const SUBRESOURCE = /\.(m?js|css|map|png|jpe?g|webp|avif|gif|ico|woff2?)(\.(br|gz))?$/;

/** A file name carrying a content hash, as the rspack build names its output (`main.02a7b9c3.js`). */
const HASHED = /\.[0-9a-f]{8,}\./;

/**
 * The Cache-Control of a built file: hashed files never change under their name (cached for a year, immutable);
 * entry points (HTML, the Module Federation manifest, an unhashed remoteEntry.js) and any other unhashed file are
 * revalidated on every use. A precompressed sibling (`.br`, `.gz`) is cached like its original.
 */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (ENTRY_POINTS.has(name) || name.endsWith('.html')) return REVALIDATE;
  return HASHED.test(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves a built front end (`dist`) from `root`: the `.br` or `.gz` sibling the build wrote when the client accepts
 * it (brotli first; `Vary: Accept-Encoding` on every file that has one), with the cache headers above. No directory
 * index: a request that matches no file falls through (to the SPA fallback, or a 404).
 */
export function staticFiles(root: string): RequestHandler {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders: (res: ServerResponse, filePath: string) => {
        res.setHeader('Cache-Control', cacheControlFor(filePath));
        if (SUBRESOURCE.test(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
      },
    },
  }) as RequestHandler;
}
