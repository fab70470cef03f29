import type { MapLayerId, MapLayers, MapTile, MapTileAddress, NeighborhoodInsights, Property } from '@hsa/contracts';
import {
  insightsMessageToApi,
  loadNeighborhoodProto,
  mapLayersMessageToApi,
  mapTileMessageToApi,
  propertyToInsightsRequest,
  type NeighborhoodServiceClient,
} from '@hsa/protos';
import { call, createClient, type InternalTokenSigner, waitForReady } from '@hsa/service-kit';

/** The neighborhood service as the gateway sees it: a saved property's insights, and the map layers. */
export class NeighborhoodClient {
  private readonly client: NeighborhoodServiceClient;

  constructor(
    signer: InternalTokenSigner,
    address: string,
    /** Insights may wait for a model's narrative. */
    private readonly insightsTimeoutMs: number,
    private readonly mapTimeoutMs = 5000,
  ) {
    this.client = createClient(loadNeighborhoodProto().NeighborhoodService, address, { signer, audience: 'neighborhood' });
  }

  async insights(userId: string, property: Property): Promise<NeighborhoodInsights> {
    const msg = await call(this.client, this.client.getInsights, propertyToInsightsRequest(property), { userId, timeoutMs: this.insightsTimeoutMs });
    return insightsMessageToApi(msg);
  }

  async mapLayers(): Promise<MapLayers> {
    return mapLayersMessageToApi(await call(this.client, this.client.getMapLayers, {}, { timeoutMs: this.mapTimeoutMs }));
  }

  async mapTile(address: MapTileAddress, layers: readonly MapLayerId[]): Promise<MapTile> {
    return mapTileMessageToApi(await call(this.client, this.client.getMapTile, { ...address, layers: [...layers] }, { timeoutMs: this.mapTimeoutMs }));
  }

  async ready(): Promise<boolean> {
    return waitForReady(this.client, 1000).then(
      () => true,
      () => false,
    );
  }

  close(): void {
    this.client.close();
  }
}
