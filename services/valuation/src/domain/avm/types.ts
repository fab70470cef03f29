import type { PriceIndex } from '../hpi/price-index';

export type { PriceIndex } from '../hpi/price-index';

export type PropertyTypeCode = 'single_family' | 'townhouse' | 'condo' | 'multi_family' | 'other';

export const propertyTypeCodes: readonly PropertyTypeCode[] = ['single_family', 'townhouse', 'condo', 'multi_family', 'other'];

/** One dated, real sale (history). */
export interface Sale {
  id: string;
  salePrice: number;
  /** YYYY-MM-DD */
  saleDate: string;
  latitude: number;
  longitude: number;
  livingSqft: number;
  bedrooms: number | null;
  bathrooms: number | null;
  yearBuilt: number | null;
  lotSqft: number | null;
  propertyType: PropertyTypeCode | null;
  zip: string | null;
  /** For display of comparables. */
  address?: string | null;
}

/** The home to value (what the product knows). */
export interface Subject {
  latitude: number;
  longitude: number;
  livingSqft: number;
  bedrooms: number | null;
  bathrooms: number | null;
  yearBuilt: number | null;
  lotSqft: number | null;
  propertyType: PropertyTypeCode | null;
  zip: string | null;
  /** Never use these sales as comparables or as evidence (e.g. leave-one-out). */
  excludeSaleIds?: string[];
  /**
   * Sales known to be of this home (e.g. found by its address or place id): its sale history, never its comparables.
   * Sales at its coordinates with its living area count as its own without being named here.
   */
  ownSaleIds?: string[];
}

export interface Adjustment {
  /** A stable code (adjustmentLabels' keys). */
  feature: AdjustedFeature;
  /** What a seller reads, e.g. "Living area". */
  label: string;
  /** Dollars, + or -. */
  amount: number;
  note: string;
}

/** The differences a comparable's price is adjusted for, and the words a seller reads for each. */
export const adjustmentLabels = {
  living_area: 'Living area',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  year_built: 'Age',
  lot_size: 'Lot size',
} as const;
export type AdjustedFeature = keyof typeof adjustmentLabels;

export interface ComparableUse {
  sale: Sale;
  distanceMiles: number;
  /** Sale price brought to the valuation date's price level. */
  timeAdjustedPrice: number;
  /** Differences from the subject (size, beds, baths, age, lot...). */
  adjustments: Adjustment[];
  /** timeAdjustedPrice + sum(adjustments) */
  adjustedValue: number;
  /** Share in the comparable-sales estimate; the weights sum to 1. */
  weight: number;
}

/** A recorded sale of the home itself, brought to the valuation date's price level. */
export interface OwnSale {
  sale: Sale;
  timeAdjustedPrice: number;
}

export interface Valuation {
  /** Whole dollars. */
  estimate: number;
  /** [low, high] is an ~80% interval, calibrated on out-of-sample errors inside the history. */
  low: number;
  high: number;
  /** 0..1: the measured share of similar out-of-sample estimates that landed within 10% of the price. */
  confidence: number;
  /** Exactly the comparables the estimate's comparable-sales value used, best first; never a sale of the home itself. */
  comparables: ComparableUse[];
  /** The home's own recorded sales up to the valuation date, oldest first (evidence of its value, not comparables). */
  saleHistory: OwnSale[];
  /** Price level of the estimate (YYYY-MM-DD). */
  valueDate: string;
  notes: string[];
}

export interface ValueOptions {
  valueDate?: string;
}

export interface NearbySalesOptions extends ValueOptions {
  /** At most this many sales. */
  limit: number;
}

export interface AvmModel {
  value(subject: Subject, options?: ValueOptions): Valuation;
  /**
   * Sales of homes like the subject around it, chosen and adjusted as comparables are (most similar first), but as
   * many as asked: a market sample, not the comparables of an estimate. The home's own sales are never among them.
   */
  nearbySales(subject: Subject, options: NearbySalesOptions): ComparableUse[];
}

export interface TrainOptions {
  /** Index used to time-adjust; when absent the model fits a market index from the history itself. */
  index?: PriceIndex;
  seed?: number;
  /** Progress messages (e.g. to stderr). */
  log?: (message: string) => void;
}
