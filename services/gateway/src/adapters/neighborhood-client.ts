import type { NeighborhoodInsights, Property } from '@hsa/contracts';
import { insightsMessageToApi, loadNeighborhoodProto, propertyToInsightsRequest, type NeighborhoodServiceClient } from '@hsa/protos';
import { call, createClient, waitForReady } from '@hsa/service-kit';

/** The neighborhood service as the gateway sees it: a saved property in, the API's insights out. */
export class NeighborhoodClient {
  private readonly client: NeighborhoodServiceClient;

  constructor(
    address: string,
    private readonly timeoutMs: number,
  ) {
    this.client = createClient(loadNeighborhoodProto().NeighborhoodService, address);
  }

  async insights(userId: string, property: Property): Promise<NeighborhoodInsights> {
    const msg = await call(this.client, this.client.getInsights, propertyToInsightsRequest(property), { userId, timeoutMs: this.timeoutMs });
    return insightsMessageToApi(msg);
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
