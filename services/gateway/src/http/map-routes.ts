import { Router } from 'express';
import { mapTileAddressSchema, mapTileLayersSchema } from '@hsa/contracts';
import { fromZodError } from '@hsa/service-kit';
import type { NeighborhoodClient } from '../adapters/neighborhood-client';

export interface MapRoutesDependencies {
  neighborhood: Pick<NeighborhoodClient, 'mapLayers' | 'mapTile'>;
}

/**
 * The self-drawn map's layers (public data, anonymous, no session): GET /api/map/layers says what can be drawn,
 * where and whose data it is; GET /api/map/tiles/{z}/{x}/{y}?layers=... answers one web-map tile, so a browser
 * loads only the tiles its view covers. Both may be cached by browsers and proxies.
 */
export function mapRoutes(deps: MapRoutesDependencies): Router {
  const router = Router();

  router.get('/api/map/layers', async (_req, res) => {
    const layers = await deps.neighborhood.mapLayers();
    res.set('Cache-Control', 'public, max-age=3600');
    res.json(layers);
  });

  router.get('/api/map/tiles/:z/:x/:y', async (req, res) => {
    const address = mapTileAddressSchema.safeParse(req.params);
    if (!address.success) throw fromZodError(address.error);
    const layers = mapTileLayersSchema.safeParse(typeof req.query.layers === 'string' || req.query.layers === undefined ? req.query.layers : '?');
    if (!layers.success) throw fromZodError(layers.error);
    const tile = await deps.neighborhood.mapTile(address.data, layers.data);
    res.set('Cache-Control', 'public, max-age=86400');
    res.json(tile);
  });

  return router;
}
