import { z } from 'zod';
import { validationMessages as spec } from './messages';

/**
 * The numeric facts of a home (size, rooms, age, lot) and the one rule set that checks them: the property form in the
 * browser, the gateway's HTTP input and the property and valuation services' gRPC input all use these schemas, so a
 * value is accepted or refused with the same message everywhere. Nothing is ever rounded or clamped into range: a value
 * is saved as given or refused with a message that says why. The spec's minimums keep the spec's messages (section 5);
 * values no home has get plain ones.
 */

export const homeFactLimits = {
  /** Living area, square feet: smaller than a tiny house or larger than the largest mansions is no home's. */
  squareFootage: { min: 100, max: 100_000 },
  bedrooms: { min: 1, max: 30 },
  /** Counted in halves (a half bath has no shower or tub). */
  bathrooms: { min: 0.5, max: 30 },
  /** The oldest houses still standing in the US date from the 1600s. */
  yearBuilt: { min: 1600 },
  /** Lot area, square feet (0 for a condominium without its own land); 100,000,000 sq ft is about 2,300 acres. */
  lotSize: { min: 0, max: 100_000_000 },
} as const;

const grouped = (n: number) => n.toLocaleString('en-US');
const { squareFootage, bedrooms, bathrooms, yearBuilt, lotSize } = homeFactLimits;

export const homeFactMessages = {
  squareFootageNotNumber: 'Square footage must be a number',
  squareFootageWhole: 'Square footage must be a whole number',
  squareFootageRange: `Square footage must be between ${grouped(squareFootage.min)} and ${grouped(squareFootage.max)} sq ft`,
  bedroomsNotNumber: 'Bedrooms must be a number',
  bedroomsWhole: 'Bedrooms must be a whole number',
  bedroomsMax: `Bedrooms must be at most ${bedrooms.max}`,
  bathroomsNotNumber: 'Bathrooms must be a number',
  bathroomsHalves: 'Bathrooms must be in steps of 0.5',
  bathroomsMax: `Bathrooms must be at most ${bathrooms.max}`,
  yearBuiltNotNumber: 'Year built must be a year, e.g. 1998',
  yearBuiltWhole: 'Year built must be a whole year, e.g. 1998',
  yearBuiltTooEarly: `Year built must be ${yearBuilt.min} or later`,
  yearBuiltFuture: 'Year built cannot be in the future',
  lotSizeNotNumber: 'Lot size must be a number of square feet',
  lotSizeWhole: 'Lot size must be a whole number of square feet',
  lotSizeRange: `Lot size must be between ${grouped(lotSize.min)} and ${grouped(lotSize.max)} sq ft`,
} as const;

const m = homeFactMessages;

/** Missing (undefined or null) says the spec's "required" message; anything else that is not a number says so. */
const numberOr = (missing: string, notNumber: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : notNumber) });

/**
 * The latest calendar year anywhere on Earth right now (UTC+14 starts each year first), so a seller whose new year has
 * begun is never told that this year is in the future.
 */
export function latestCurrentYear(now: number = Date.now()): number {
  return new Date(now + 14 * 60 * 60 * 1000).getUTCFullYear();
}

// Each field answers one message: the first failed check stops the others (abort).
const first = (error: string) => ({ error, abort: true });

export const squareFootageSchema = numberOr(spec.squareFootageRequired, m.squareFootageNotNumber)
  .min(1, first(spec.squareFootageRequired))
  .int(first(m.squareFootageWhole))
  .min(squareFootage.min, m.squareFootageRange)
  .max(squareFootage.max, m.squareFootageRange);

export const bedroomsSchema = numberOr(spec.bedroomsMin, m.bedroomsNotNumber)
  .min(bedrooms.min, first(spec.bedroomsMin))
  .int(first(m.bedroomsWhole))
  .max(bedrooms.max, m.bedroomsMax);

export const bathroomsSchema = numberOr(spec.bathroomsMin, m.bathroomsNotNumber)
  .min(bathrooms.min, first(spec.bathroomsMin))
  .max(bathrooms.max, first(m.bathroomsMax))
  .refine((n) => Number.isInteger(n * 2), m.bathroomsHalves);

/** Optional in the spec: wrap with .nullish() or .optional() where it may be left out. */
export const yearBuiltSchema = numberOr(m.yearBuiltNotNumber, m.yearBuiltNotNumber)
  .int(first(m.yearBuiltWhole))
  .min(yearBuilt.min, first(m.yearBuiltTooEarly))
  .refine((year) => year <= latestCurrentYear(), m.yearBuiltFuture);

export const lotSizeSchema = numberOr(m.lotSizeNotNumber, m.lotSizeNotNumber)
  .int(first(m.lotSizeWhole))
  .min(lotSize.min, first(m.lotSizeRange))
  .max(lotSize.max, m.lotSizeRange);
