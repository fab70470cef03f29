import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { isAppRoute } from '../domain/routes';

/** Remotes the shell may load; each is served from WEB_ROOT/<name>/dist when built. */
export const knownRemotes = ['dashboard', 'wizard', 'listing'] as const;

const immutable = (filePath: string) => /\.[0-9a-f]{8,}\./.test(path.basename(filePath));

function staticDir(dir: string) {
  return express.static(dir, {
    index: false,
    setHeaders: (res, filePath) => {
      const noCache = filePath.endsWith('.html') || filePath.endsWith('mf-manifest.json') || filePath.endsWith('remoteEntry.js');
      res.setHeader('Cache-Control', noCache || !immutable(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
}

/**
 * The embedded default's static hosting: the shell at `/`, each remote under `/remotes/<name>/`, the
 * runtime manifest at `/remotes.json`, and the shell's index.html for app routes (404 status for
 * paths outside the route table, where the shell renders its 404 page).
 */
export function staticRoutes(options: { webRoot: string; manifestOverride?: string | undefined }): Router {
  const router = Router();
  const shellDist = path.join(options.webRoot, 'shell', 'dist');

  router.get('/remotes.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    if (options.manifestOverride) return res.type('application/json').send(options.manifestOverride);
    const manifest: Record<string, string> = {};
    for (const name of knownRemotes) {
      if (fs.existsSync(path.join(options.webRoot, name, 'dist', 'mf-manifest.json'))) {
        manifest[name] = `/remotes/${name}/mf-manifest.json`;
      }
    }
    res.json(manifest);
  });

  for (const name of knownRemotes) {
    router.use(`/remotes/${name}`, staticDir(path.join(options.webRoot, name, 'dist')));
  }
  router.use(staticDir(shellDist));

  router.get(/.*/, (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/remotes/')) return next();
    const indexFile = path.join(shellDist, 'index.html');
    if (!fs.existsSync(indexFile)) {
      return res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    res.set('Cache-Control', 'no-cache');
    res.status(isAppRoute(req.path) ? 200 : 404).sendFile(indexFile);
  });

  return router;
}
