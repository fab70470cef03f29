import { existsSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { isAppRoute } from '@hsa/contracts';
import { REVALIDATE } from './static-files';

/**
 * The shell's index.html for every GET that matched no file: status 200 for the spec's app routes, 404 for
 * anything else (the shell then renders its own 404 page). Paths under `passThrough` prefixes go on to the next
 * handler (the gateway's /api and /remotes). Answers 503 while the shell is not built.
 */
export function shellFallback(indexFile: string, passThrough: readonly string[] = []): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || passThrough.some((prefix) => req.path.startsWith(prefix))) return next();
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE);
    res.status(isAppRoute(req.path) ? 200 : 404).sendFile(indexFile);
  };
}
