import type { AdjustedFeature, PropertyTypeCode } from './avm/types';
import type { HistorySale } from './sale-history';

/** What the service answers, independent of the provider that produced it. Money in whole dollars. */

/** The facts of one address (the spec's Property fields a lookup can fill). */
export interface PropertyFacts {
  /** One line: "3526 High St, Sacramento, CA 95838". */
  address: string;
  city: string;
  state: string;
  zip: string;
  bedrooms: number | null;
  bathrooms: number | null;
  livingSqft: number | null;
  yearBuilt: number | null;
  lotSqft: number | null;
  propertyType: PropertyTypeCode;
  latitude: number | null;
  longitude: number | null;
  placeId: string;
}

export interface PriceAdjustment {
  feature: AdjustedFeature;
  /** What a seller reads, e.g. "Living area". */
  label: string;
  amount: number;
  note: string;
}

/** The spec's Comparable sale plus how the valuation used it. */
export interface ComparableSale {
  id: string;
  address: string;
  bedrooms: number | null;
  bathrooms: number | null;
  livingSqft: number | null;
  /** The price paid, or the list price of a listing (priceKind). */
  salePrice: number;
  /** YYYY-MM-DD: the sale date, or the listing date of a listing; empty when unknown. */
  saleDate: string;
  /** "sale": a recorded sale; "listing": a home listed for sale (list price, listing date). */
  priceKind: 'sale' | 'listing';
  pricePerSqft: number | null;
  /** Percent above (+) or below (-) the local market's price per square foot; null when unknown. */
  marketVariance: number | null;
  latitude: number | null;
  longitude: number | null;
  distanceMiles: number;
  timeAdjustedPrice: number;
  adjustedValue: number;
  adjustments: PriceAdjustment[];
  weight: number;
  propertyType: PropertyTypeCode | null;
  yearBuilt: number | null;
  lotSqft: number | null;
}

export interface ValueEstimate {
  estimate: number;
  /** The likely range; null when the provider gave none (the notes say so). */
  low: number | null;
  high: number | null;
  /** 0..1, null when the provider gives none. */
  confidence: number | null;
  /** Price level of the estimate (YYYY-MM-DD). */
  valueDate: string;
  notes: string[];
  /** Exactly the comparables the estimate used, most weight first; never a sale of the home itself. */
  comparables: ComparableSale[];
  /** The home's own sales, oldest first (empty when the provider's answer holds none). */
  saleHistory: HistorySale[];
}

export interface LookupResult {
  facts: PropertyFacts;
  /** Null when the facts are not enough to value the home (e.g. unknown living area). */
  value: ValueEstimate | null;
}

export type Outcome<T> = { found: true; value: T } | { found: false; message: string };

export const found = <T>(value: T): Outcome<T> => ({ found: true, value });
export const missing = <T>(message: string): Outcome<T> => ({ found: false, message });

/** A home to value: whatever the caller knows (coordinates and living area are what the AVM needs). */
export interface SubjectInput {
  address?: string | undefined;
  placeId?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  livingSqft?: number | undefined;
  bedrooms?: number | undefined;
  bathrooms?: number | undefined;
  yearBuilt?: number | undefined;
  lotSqft?: number | undefined;
  propertyType?: PropertyTypeCode | undefined;
  zip?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
}

export const notFoundMessages = {
  address: 'Unable to find authentic property data for this address.',
  noNearbySales: 'No sales data near this address, so no value can be estimated.',
  needsLocation: 'The home\'s location is unknown: give its coordinates or an address that can be found.',
  needsLivingArea: 'The home\'s square footage is unknown, so no value can be estimated.',
  noPriceIndex: 'No house price index is available, so the value cannot be shown over time.',
} as const;
