import type { Listing, Property, Recommendation } from '@hsa/contracts';
import {
  listingMessageToApi,
  loadAiProto,
  propertyToGenerateFacts,
  recommendationSetToApi,
  type AiServiceClient,
  type ComparablesSummary,
  type GenerateRequest,
} from '@hsa/protos';
import { call, createClient, type InternalTokenSigner, waitForReady } from '@hsa/service-kit';

/** What the gateway knows beyond the property record, passed to the engines as facts. */
export interface GenerationExtras {
  comparables?: ComparablesSummary | undefined;
  photoRoomTypes?: string[] | undefined;
}

/**
 * The AI service as the gateway sees it: API shapes in and out, the user on every call. Generation can take
 * a model a while, so its calls get their own (longer) deadline.
 */
export class AiClient {
  private readonly client: AiServiceClient;

  constructor(
    signer: InternalTokenSigner,
    address: string,
    private readonly generateTimeoutMs: number,
    private readonly readTimeoutMs = 5000,
  ) {
    this.client = createClient(loadAiProto().AiService, address, { signer, audience: 'ai' });
  }

  private request(property: Property, extras: GenerationExtras): GenerateRequest {
    return {
      propertyId: property.id,
      ...propertyToGenerateFacts(property),
      ...(extras.comparables ? { comparables: extras.comparables } : {}),
      photoRoomTypes: extras.photoRoomTypes ?? [],
    };
  }

  async generateRecommendations(userId: string, property: Property, extras: GenerationExtras = {}): Promise<Recommendation[]> {
    const set = await call(this.client, this.client.generateRecommendations, this.request(property, extras), {
      userId,
      timeoutMs: this.generateTimeoutMs,
    });
    return recommendationSetToApi(set);
  }

  /** The stored recommendations; rejects NOT_FOUND when none were generated. */
  async getRecommendations(userId: string, propertyId: string): Promise<Recommendation[]> {
    return recommendationSetToApi(await call(this.client, this.client.getRecommendations, { propertyId }, { userId, timeoutMs: this.readTimeoutMs }));
  }

  async generateListing(userId: string, property: Property, extras: GenerationExtras = {}): Promise<Listing> {
    const listing = await call(this.client, this.client.generateListing, this.request(property, extras), {
      userId,
      timeoutMs: this.generateTimeoutMs,
    });
    return listingMessageToApi(listing);
  }

  /** The stored listing; rejects NOT_FOUND when none exists. */
  async getListing(userId: string, propertyId: string): Promise<Listing> {
    return listingMessageToApi(await call(this.client, this.client.getListing, { propertyId }, { userId, timeoutMs: this.readTimeoutMs }));
  }

  async updateListing(userId: string, propertyId: string, description: string): Promise<Listing> {
    const listing = await call(this.client, this.client.updateListing, { propertyId, description }, { userId, timeoutMs: this.readTimeoutMs });
    return listingMessageToApi(listing);
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
