import type { AddressAutocompleteResponse, ComparableSale, PropertyLookup, PropertyLookupResponse, ValuationValues, ValueHistoryResponse } from '@hsa/contracts';
import {
  comparableMessageToApi,
  loadValuationProto,
  lookupResponseToApi,
  predictionMessageToApi,
  valueHistoryResponseToApi,
  type SubjectFacts,
  type ValuationServiceClient,
} from '@hsa/protos';
import { call, createClient, type InternalTokenSigner, waitForReady } from '@hsa/service-kit';

export interface EstimateResult {
  found: boolean;
  /** Why there is no estimate (when not found). */
  message: string;
  estimatedValue: number;
  /** Null when the valuation gave no range. */
  estimatedValueLow: number | null;
  estimatedValueHigh: number | null;
  confidence: number;
  dataSource: string;
}

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

  async comparables(subject: SubjectFacts, limit?: number): Promise<{ comparables: ComparableSale[]; dataSource: string }> {
    const res = await call(this.client, this.client.comparables, { subject, ...(limit ? { limit } : {}) }, this.opts());
    return { comparables: res.comparables.map((c) => comparableMessageToApi(c, res.dataSource)), dataSource: res.dataSource };
  }

  async estimate(subject: SubjectFacts): Promise<EstimateResult> {
    const res = await call(this.client, this.client.estimate, { subject }, this.opts());
    return {
      found: res.found,
      message: res.message,
      estimatedValue: res.estimate,
      estimatedValueLow: res.low ?? null,
      estimatedValueHigh: res.high ?? null,
      confidence: res.confidence,
      dataSource: res.dataSource,
    };
  }

  /** The home's value over time; `saved` (the property's estimate) is the value carried along the index. */
  async valueHistory(subject: SubjectFacts, saved?: ValuationValues): Promise<ValueHistoryResponse> {
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
