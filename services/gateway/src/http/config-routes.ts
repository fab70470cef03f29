import { Router } from 'express';
import type { Logger } from 'pino';
import type { RuntimeConfig } from '@hsa/contracts';

export interface ConfigRoutesOptions {
  /**
   * A Google Maps JavaScript API key for browsers (restricted by HTTP referrer in Google's console): it is
   * sent to every visitor, so it must never be a server key. Without one the wizard draws its own map.
   */
  googleMapsApiKey?: string | undefined;
  /**
   * The map ID (Google Cloud console, Map Management) the map is drawn with: its advanced markers need one. Without
   * it the browser uses Google's DEMO_MAP_ID, meant for trying them out, and a warning says so.
   */
  googleMapsMapId?: string | undefined;
  logger?: Pick<Logger, 'warn'> | undefined;
}

/** What the warning about a missing map ID says. */
export const missingMapIdWarning =
  "GOOGLE_MAPS_MAP_ID is not set: the Google map uses Google's DEMO_MAP_ID (meant for trying advanced markers); create a map ID for this deployment";

/**
 * GET /api/config: settings the browser reads at run time, so one build of the front end serves every
 * deployment (anonymous; no secrets: only what a page may embed anyway).
 */
export function configRoutes(options: ConfigRoutesOptions): Router {
  const router = Router();
  const key = options.googleMapsApiKey?.trim();
  const mapId = options.googleMapsMapId?.trim();
  if (key && !mapId) options.logger?.warn({ setting: 'GOOGLE_MAPS_MAP_ID' }, missingMapIdWarning);
  const body: RuntimeConfig = key ? { googleMapsApiKey: key, ...(mapId ? { googleMapsMapId: mapId } : {}) } : {};
  router.get('/api/config', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(body);
  });
  return router;
}
