import { useQueries, useQuery } from '@tanstack/react-query';
import type { MapLayers, MapTile } from '@hsa/contracts';
import { apiRequest, type RequestMeta } from '@hsa/ui-kit';
import type { TileAddress } from './tiles';

// Public map data: no sign-in involved, and a failure only leaves the layers out.
const meta: RequestMeta = { ignoreUnauthorized: true };

/** What the map can draw (GET /api/map/layers), once per visit. */
export function useMapLayers() {
  return useQuery({
    queryKey: ['/api/map/layers'],
    queryFn: () => apiRequest<MapLayers>('GET', '/api/map/layers'),
    staleTime: Infinity,
    retry: false,
    meta,
  });
}

/** The tiles a view needs; each is fetched once and kept (the browser may also cache them). */
export function useMapTiles(tiles: readonly TileAddress[]): (MapTile | undefined)[] {
  return useQueries({
    queries: tiles.map((t) => ({
      queryKey: ['/api/map/tiles', t.z, t.x, t.y],
      queryFn: () => apiRequest<MapTile>('GET', `/api/map/tiles/${t.z}/${t.x}/${t.y}`),
      staleTime: Infinity,
      retry: false,
      meta,
    })),
  }).map((q) => q.data);
}
