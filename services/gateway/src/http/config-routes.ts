import { Router } from 'express';
import type { RuntimeConfig } from '@hsa/contracts';

export interface ConfigRoutesOptions {
  /**
   * A Google Maps JavaScript API key for browsers (restricted by HTTP referrer in Google's console): it is
   * sent to every visitor, so it must never be a server key. Without one the wizard draws its own map.
   */
  googleMapsApiKey?: string | undefined;
}

/**
 * GET /api/config: settings the browser reads at run time, so one build of the front end serves every
 * deployment (anonymous; no secrets: only what a page may embed anyway).
 */
export function configRoutes(options: ConfigRoutesOptions): Router {
  const router = Router();
  const key = options.googleMapsApiKey?.trim();
  const body: RuntimeConfig = key ? { googleMapsApiKey: key } : {};
  router.get('/api/config', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(body);
  });
  return router;
}
