import type { ComparableSale, LookupResult, Outcome, SubjectInput, ValueEstimate } from './results';
import type { RecordedSale } from './sale-history';

/**
 * The two provider roles (decided: one interface, a real adapter and an embedded default each).
 * Addresses: the embedded sales data's index, or Google Places. Property data (facts, value,
 * comparables): the embedded data with the product's AVM, or RentCast.
 */

export type AddressProviderName = 'open-data' | 'google';
export type PropertyDataProviderName = 'open-data' | 'rentcast';

export interface AddressPredictionResult {
  description: string;
  placeId: string;
}

/** An address a provider recognised, split into parts, with its location when known. */
export interface ResolvedAddress {
  placeId: string;
  /** One line: "3526 High St, Sacramento, CA 95838". */
  address: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
}

export interface AddressProvider {
  readonly name: AddressProviderName;
  /** What the UI says about where addresses come from. */
  readonly dataSource: string;
  /**
   * Predictions for typed text, best first (the caller keeps the first 5). `sessionToken` names the address box's
   * session (providers that bill by session use it).
   */
  autocomplete(input: string, sessionToken?: string): Promise<AddressPredictionResult[]>;
  /**
   * The address a place id (preferred) or free text names; undefined when it is not clear enough. `sessionToken`:
   * the session the address was chosen in, which this ends.
   */
  resolve(address: string, placeId?: string, sessionToken?: string): Promise<ResolvedAddress | undefined>;
}

/** A market sample: sales of homes like one home around it, most similar first (never the home's own sales). */
export interface NearbySalesResult {
  sales: ComparableSale[];
  valueDate: string;
  notes: string[];
}

export interface PropertyDataProvider {
  readonly name: PropertyDataProviderName;
  /** What the UI says about where facts, values and comparables come from. */
  readonly dataSource: string;
  /**
   * True when the provider finds a home from its address itself (RentCast): a subject with an address is then not
   * located through the address provider first (which would cost an address-provider call for nothing).
   */
  readonly locatesByAddress: boolean;
  /** Facts and value of a resolved address; undefined when the provider has no authentic data for it. */
  lookup(address: ResolvedAddress): Promise<LookupResult | undefined>;
  /** One valuation: the estimate with exactly the comparables it used and the home's sale history. */
  estimate(subject: SubjectInput): Promise<Outcome<ValueEstimate>>;
  /** Most similar first (at most `limit`); an empty list when there is no authentic data. */
  nearbySales(subject: SubjectInput, limit: number): Promise<NearbySalesResult>;
  /** The home's own recorded sales (any order); empty when none is recorded. */
  saleHistory(subject: SubjectInput): Promise<RecordedSale[]>;
}
