import { loadValuationProto, type HomeFacts, type NearbySalesResponseMessage, type ValuationServiceClient } from '@hsa/protos';
import { call, createClient, type InternalTokenSigner, waitForReady } from '@hsa/service-kit';
import type { InsightsSubject } from '../domain/location';
import type { MarketSample } from '../domain/market-stats';
import type { MarketSource } from '../domain/operations';

/**
 * Nearby recorded sales from the valuation service (its NearbySales call: the sales of homes most like this
 * one around its location, with prices brought to today's level by the price index), and that price index.
 * Listings (a listing-based provider's comparables: list prices, not sales) are not recorded sales: they are left
 * out of the market figures, and a note says so.
 */
export class ValuationMarket implements MarketSource {
  private readonly client: ValuationServiceClient;

  constructor(
    address: string,
    private readonly timeoutMs: number,
    signer: InternalTokenSigner,
    private readonly limit = 25,
  ) {
    this.client = createClient(loadValuationProto().ValuationService, address, { signer, audience: 'valuation' });
  }

  async sample(subject: InsightsSubject): Promise<MarketSample> {
    const facts: HomeFacts = {
      address: subject.address,
      coordinates: subject.coordinates,
      city: subject.city,
      state: subject.state,
      zipCode: subject.zipCode,
      propertyType: subject.propertyType,
    };
    if (subject.squareFootage !== null) facts.squareFootage = subject.squareFootage;
    if (subject.bedrooms !== null) facts.bedrooms = subject.bedrooms;
    if (subject.bathrooms !== null) facts.bathrooms = subject.bathrooms;
    if (subject.yearBuilt !== null) facts.yearBuilt = subject.yearBuilt;
    const res = await call(this.client, this.client.nearbySales, { subject: facts, limit: this.limit }, { timeoutMs: this.timeoutMs });
    return marketSampleOf(res);
  }

  /** The valuation service's AdjustForPriceIndex (the index that time-adjusts the sales); null without an index. */
  async adjustToToday(amount: number, fromDate: string): Promise<{ amount: number; valueDate: string; indexName: string } | null> {
    const res = await call(this.client, this.client.adjustForPriceIndex, { amount: Math.round(amount), fromDate }, { timeoutMs: this.timeoutMs });
    return res.found ? { amount: res.adjustedAmount, valueDate: res.valueDate, indexName: res.indexName } : null;
  }

  ready(): Promise<boolean> {
    return waitForReady(this.client, 1000).then(
      () => true,
      () => false,
    );
  }

  close(): void {
    this.client.close();
  }
}

/** Said when the valuation's comparables include listings, which the sales-based market figures leave out. */
export function listingsLeftOutNote(count: number): string {
  return `${count} comparable${count === 1 ? ' is a listing' : 's are listings'} (list prices, not recorded sales), left out of the market figures.`;
}

/** The recorded sales among the valuation's nearby sales (listings left out, and said so). */
export function marketSampleOf(res: Pick<NearbySalesResponseMessage, 'sales' | 'valueDate' | 'dataSource' | 'notes'>): MarketSample {
  const sales = res.sales.filter((c) => c.priceKind !== 'listing');
  const listings = res.sales.length - sales.length;
  return {
    sales: sales.map((c) => ({
      saleAmount: c.saleAmount,
      saleDate: c.saleDate,
      squareFootage: c.squareFootage ?? null,
      bedrooms: c.bedrooms ?? null,
      bathrooms: c.bathrooms ?? null,
      propertyType: c.propertyType ?? null,
      distanceMiles: c.distanceMiles,
      timeAdjustedPrice: c.timeAdjustedPrice,
    })),
    valueDate: res.valueDate,
    dataSource: res.dataSource,
    notes: listings ? [...res.notes, listingsLeftOutNote(listings)] : [...res.notes],
  };
}
