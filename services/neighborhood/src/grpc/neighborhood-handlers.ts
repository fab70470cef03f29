import { mapTileAddressSchema, mapTileLayersSchema } from '@hsa/contracts';
import { insightsApiToMessage, mapLayersApiToMessage, mapTileApiToMessage, type NeighborhoodServiceHandlers } from '@hsa/protos';
import { fromZodError, unary, type Logger } from '@hsa/service-kit';
import type { MapTiles } from '../adapters/open-data/map-tiles';
import type { NeighborhoodOperations } from '../domain/operations';
import { parseInsightsRequest } from '../domain/requests';

/**
 * neighborhood.v1.NeighborhoodService. The gateway checks property ownership before it asks for insights; the
 * map layers are public data, open to every caller.
 */
export function neighborhoodServiceHandlers(operations: NeighborhoodOperations, tiles: MapTiles, logger: Logger): NeighborhoodServiceHandlers {
  const open = { requireUser: false };
  return {
    GetInsights: unary(logger, 'GetInsights', async (request) =>
      insightsApiToMessage(await operations.insights(parseInsightsRequest(request))),
    ),
    GetMapLayers: unary(logger, 'GetMapLayers', async () => mapLayersApiToMessage(tiles.layers), open),
    GetMapTile: unary(
      logger,
      'GetMapTile',
      async (request) => {
        const address = mapTileAddressSchema.safeParse(request);
        if (!address.success) throw fromZodError(address.error);
        const layers = mapTileLayersSchema.safeParse(request.layers.join(','));
        if (!layers.success) throw fromZodError(layers.error);
        const { z, x, y } = address.data;
        return mapTileApiToMessage(tiles.tile(z, x, y, layers.data));
      },
      open,
    ),
  };
}
