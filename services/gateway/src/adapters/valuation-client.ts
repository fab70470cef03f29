import type { AddressAutocompleteResponse, HomeValuation, PropertyLookup, PropertyLookupResponse, ValuationEvidence, ValuationValues, ValueHistoryResponse } from '@hsa/contracts';
import {
  loadValuationProto,
  lookupResponseToApi,
  predictionMessageToApi,
  valuationToApi,
  valueHistoryResponseToApi,
  type HomeFacts,
  type ValuationServiceClient,
} from '@hsa/protos';
import { call, createClient, type InternalTokenSigner, waitForReady } from '@hsa/service-kit';

/** A valuation, or why there is none. */
export type EstimateResult = { found: true; valuation: HomeValuation; dataSource: string } | { found: false; message: string; dataSource: string };

/**
 * The valuation service as the gateway sees it: API shapes in, API shapes out. None of its calls is
 * scoped to a user; the gateway checks ownership with the property service before asking about a saved home.
 */
export class ValuationClient {
  private readonly client: ValuationServiceClient;

  constructor(
    signer: InternalTokenSigner,
    address: string,
    private readonly timeoutMs: number,
  ) {
    this.client = createClient(loadValuationProto().ValuationService, address, { signer, audience: 'valuation' });
  }

  /** `sessionToken`: the browser's address-box session, passed on to the provider (it bills by session). */
  async autocomplete(input: string, sessionToken?: string): Promise<AddressAutocompleteResponse> {
    const res = await call(this.client, this.client.autocomplete, { input, ...(sessionToken ? { sessionToken } : {}) }, this.opts());
    return { success: true, predictions: res.predictions.map(predictionMessageToApi), dataSource: res.dataSource };
  }

  async lookup(input: PropertyLookup): Promise<PropertyLookupResponse> {
    const request = {
      address: input.address,
      ...(input.placeId ? { placeId: input.placeId } : {}),
      ...(input.sessionToken ? { sessionToken: input.sessionToken } : {}),
    };
    return lookupResponseToApi(await call(this.client, this.client.lookup, request, this.opts()));
  }

  /** One valuation of a home (found by its place id or coordinates; by its address text only without both). */
  async estimate(subject: HomeFacts): Promise<EstimateResult> {
    const res = await call(this.client, this.client.estimate, { subject }, this.opts());
    if (!res.found || !res.valuation) return { found: false, message: res.message, dataSource: res.dataSource };
    return { found: true, valuation: valuationToApi(res.valuation, res.dataSource), dataSource: res.dataSource };
  }

  /** The comparables a home's estimate used and its sale history, from that one valuation (empty without one). */
  async comparables(subject: HomeFacts): Promise<ValuationEvidence> {
    const estimate = await this.estimate(subject);
    return estimate.found ? { comparables: estimate.valuation.comparables, saleHistory: estimate.valuation.saleHistory } : { comparables: [], saleHistory: [] };
  }

  /** The home's value over time; `saved` (the property's estimate) is the value carried along the index. */
  async valueHistory(subject: HomeFacts, saved?: ValuationValues): Promise<ValueHistoryResponse> {
    const request = {
      subject,
      ...(saved ? { estimate: saved.estimatedValue, low: saved.estimatedValueLow, high: saved.estimatedValueHigh } : {}),
    };
    return valueHistoryResponseToApi(await call(this.client, this.client.valueHistory, request, this.opts()));
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

  private opts() {
    return { timeoutMs: this.timeoutMs };
  }
}
