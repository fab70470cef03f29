import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import type { WebServerConfig } from './config';
import { corsFor } from './cors';
import { remotesManifestRoute } from './remotes-manifest';
import { securityHeaders } from './security-headers';
import { shellFallback } from './spa-fallback';
import { staticFiles } from './static-files';

/** The server's state that its probes report. */
export interface WebServerState {
  stopping: boolean;
}

/**
 * GET /healthz (the process answers) and GET /readyz (the build is there and the server is not stopping), at the
 * root whatever the base path, for the kubelet's probes.
 */
function probes(config: WebServerConfig, state: WebServerState): RequestHandler {
  const built = () => existsSync(path.join(config.root, config.app === 'shell' ? 'index.html' : 'mf-manifest.json'));
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.path !== '/healthz' && req.path !== '/readyz')) return next();
    res.setHeader('Cache-Control', 'no-store');
    if (req.path === '/healthz') return void res.json({ status: 'ok' });
    const ready = !state.stopping && built();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { built: built(), stopping: state.stopping } });
  };
}

/**
 * The web image's application: the probes, the gateway's security headers, then under WEB_BASE_PATH the built
 * files (precompressed, cache headers), CORS when configured, and for the shell /remotes.json and the SPA
 * fallback (200 for app routes, 404 with the shell's page otherwise). Anything else is a plain 404.
 */
export function createWebApp(config: WebServerConfig, state: WebServerState = { stopping: false }): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(probes(config, state));
  app.use(securityHeaders(config.security));

  const site = express.Router();
  if (config.corsOrigins.length) site.use(corsFor(config.corsOrigins));
  if (config.app === 'shell') site.get('/remotes.json', remotesManifestRoute(() => config.remotesManifest));
  site.use(staticFiles(config.root));
  if (config.app === 'shell') site.use(shellFallback(path.join(config.root, 'index.html')));

  app.use(config.basePath === '/' ? '/' : config.basePath.replace(/\/$/, ''), site);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}
