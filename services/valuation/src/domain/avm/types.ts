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
}

export interface Adjustment {
  feature: string;
  /** Dollars, + or -. */
  amount: number;
  note: string;
}

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

export interface Valuation {
  /** Whole dollars. */
  estimate: number;
  /** [low, high] is an ~80% interval, calibrated on out-of-sample errors inside the history. */
  low: number;
  high: number;
  /** 0..1: the measured share of similar out-of-sample estimates that landed within 10% of the price. */
  confidence: number;
  /** The comparables the estimate relied on, best first. */
  comparables: ComparableUse[];
  /** Price level of the estimate (YYYY-MM-DD). */
  valueDate: string;
  notes: string[];
}

export interface ValueOptions {
  valueDate?: string;
  maxComparables?: number;
}

export interface AvmModel {
  value(subject: Subject, options?: ValueOptions): Valuation;
}

export interface TrainOptions {
  /** Index used to time-adjust; when absent the model fits a market index from the history itself. */
  index?: PriceIndex;
  seed?: number;
  /** Progress messages (e.g. to stderr). */
  log?: (message: string) => void;
}
