import type { PriceIndex } from './hpi';
import type { AddressPredictionResult, AddressProvider, NearbySalesResult, PropertyDataProvider } from './providers';
import type { PlaceIndexes } from './hpi/place-indexes';
import { found, missing, notFoundMessages, type LookupResult, type Outcome, type SubjectInput, type ValueEstimate } from './results';
import { buildValueHistory, type ValueHistory } from './value-history';

export const maxPredictions = 5;

/** Said with a value history whose estimate came without a range. */
export const noRangeNote = 'The value estimate came without a likely range, so none is shown over time.';
export const defaultNearbySales = 10;
export const maxNearbySales = 25;

/** An estimate the caller already has (e.g. saved on the property), to carry along the index. */
export interface GivenEstimate {
  estimate: number;
  low: number;
  high: number;
}

export interface PriceIndexAdjustment {
  adjustedAmount: number;
  factor: number;
  /** The price level the amount is brought to (today; the index holds its last value after it ends). */
  valueDate: string;
  indexName: string;
  notes: string[];
}

export interface ValuationOperationsOptions {
  /** The house price indexes for value histories (none: no value histories). */
  indexes?: PlaceIndexes | undefined;
  /** The house price index that time-adjusts the embedded sales (undefined without the index files). */
  priceIndex?: PriceIndex | undefined;
  /** Today's date (YYYY-MM-DD): the price level of a given estimate or an adjusted amount. */
  today?: () => string;
}

/**
 * The valuation service's operations over whichever providers are configured. A subject without
 * coordinates is located through the address provider first (from its place id, else its address).
 */
export class ValuationOperations {
  private readonly indexes: PlaceIndexes | undefined;
  private readonly priceIndex: PriceIndex | undefined;
  private readonly today: () => string;

  constructor(
    readonly addresses: AddressProvider,
    readonly data: PropertyDataProvider,
    options: ValuationOperationsOptions = {},
  ) {
    this.indexes = options.indexes;
    this.priceIndex = options.priceIndex;
    this.today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  }

  /**
   * An amount of money at one date's price level brought to today's with the price index that time-adjusts
   * the sales (e.g. a census median house value of 2000); null when no index is loaded.
   */
  adjustForPriceIndex(amount: number, fromDate: string): PriceIndexAdjustment | null {
    if (!this.priceIndex) return null;
    const valueDate = this.today();
    const factor = this.priceIndex.factor(fromDate, valueDate);
    return {
      adjustedAmount: Math.round(amount * factor),
      factor,
      valueDate,
      indexName: this.priceIndex.describe(),
      notes: this.priceIndex.notesFor([fromDate, valueDate]),
    };
  }

  async autocomplete(input: string, sessionToken?: string): Promise<{ predictions: AddressPredictionResult[]; dataSource: string }> {
    const predictions = input.trim().length < 3 ? [] : await this.addresses.autocomplete(input, sessionToken);
    return { predictions: predictions.slice(0, maxPredictions), dataSource: this.addresses.dataSource };
  }

  /** The facts and value of an address; `sessionToken` names the autocomplete session it ends. */
  async lookup(address: string, placeId?: string, sessionToken?: string): Promise<Outcome<LookupResult>> {
    const resolved = await this.addresses.resolve(address, placeId, sessionToken);
    if (!resolved) return missing(notFoundMessages.address);
    const result = await this.data.lookup(resolved);
    if (!result) return missing(notFoundMessages.address);
    // The place id the user chose stays the property's, whoever supplied the facts.
    return found({ ...result, facts: { ...result.facts, placeId: resolved.placeId } });
  }

  async estimate(subject: SubjectInput): Promise<Outcome<ValueEstimate>> {
    return this.data.estimate(await this.locateForData(subject));
  }

  /** Sales of homes like this one around it (a market sample, not an estimate's comparables). */
  async nearbySales(subject: SubjectInput, limit = defaultNearbySales): Promise<NearbySalesResult> {
    const capped = Math.max(1, Math.min(maxNearbySales, Math.floor(limit)));
    return this.data.nearbySales(await this.locateForData(subject), capped);
  }

  /**
   * The home's value over time: the given estimate (else the provider's) carried along the price index of
   * the home's city and state (metro, else state, else national), with the home's recorded sales.
   */
  async valueHistory(subject: SubjectInput, given?: GivenEstimate): Promise<Outcome<ValueHistory>> {
    const located = subject.city && subject.state ? await this.locateForData(subject) : await this.locate(subject);
    const index = this.indexes?.forPlace(located.city, located.state);
    if (!index) return missing(notFoundMessages.noPriceIndex);
    let value: GivenEstimate & { valueDate: string };
    let notes: string[] = [];
    if (given) value = { ...given, valueDate: this.today() };
    else {
      const estimate = await this.data.estimate(located);
      if (!estimate.found) return estimate;
      const { low, high } = estimate.value;
      // Without a range from the provider the history carries the estimate alone (no band is made up).
      value = { estimate: estimate.value.estimate, low: low ?? estimate.value.estimate, high: high ?? estimate.value.estimate, valueDate: estimate.value.valueDate };
      if (low === null || high === null) notes = [noRangeNote];
    }
    const sales = await this.data.saleHistory(located);
    const history = buildValueHistory({ estimate: value.estimate, low: value.low, high: value.high, valueDate: value.valueDate, index, sales });
    return found({ ...history, notes: [...history.notes, ...notes] });
  }

  /** The subject as the data provider needs it: located first, unless the provider finds homes by address itself. */
  private locateForData(subject: SubjectInput): Promise<SubjectInput> {
    return this.data.locatesByAddress && subject.address ? Promise.resolve(subject) : this.locate(subject);
  }

  /**
   * Fills the location (and ZIP, city, state) of a subject that has only a place id or an address. A home with a
   * place id is found by it alone: its address text is matched only when it has no place id.
   */
  private async locate(subject: SubjectInput): Promise<SubjectInput> {
    if ((subject.latitude !== undefined && subject.longitude !== undefined) || !(subject.address || subject.placeId)) {
      return subject;
    }
    const resolved = await this.addresses.resolve(subject.placeId ? '' : (subject.address ?? ''), subject.placeId);
    if (!resolved || resolved.latitude === null || resolved.longitude === null) return subject;
    return {
      ...subject,
      placeId: resolved.placeId,
      latitude: resolved.latitude,
      longitude: resolved.longitude,
      zip: subject.zip ?? resolved.zip,
      city: subject.city ?? resolved.city,
      state: subject.state ?? resolved.state,
    };
  }
}
