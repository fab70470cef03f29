import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bathroomsSchema,
  bedroomsSchema,
  createPropertySchema,
  latestCurrentYear,
  lotSizeSchema,
  squareFootageSchema,
  updatePropertySchema,
  yearBuiltSchema,
} from '../src';

/**
 * The one message a schema answers for `value`, or null when the value is accepted (as it is, never changed). A field
 * never answers two messages at once (0 sq ft is "required", not also "between 100 and 100,000").
 */
function verdict(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) {
    expect(result.data).toBe(value);
    return null;
  }
  expect(result.error.issues).toHaveLength(1);
  return result.error.issues[0]!.message;
}

describe('the rules for the facts of a home', () => {
  it('square footage: the spec message when missing or below 1, plain words for sizes no home has', () => {
    expect(verdict(squareFootageSchema, undefined)).toBe('Square footage is required');
    expect(verdict(squareFootageSchema, null)).toBe('Square footage is required');
    expect(verdict(squareFootageSchema, 0)).toBe('Square footage is required');
    expect(verdict(squareFootageSchema, -20)).toBe('Square footage is required');
    expect(verdict(squareFootageSchema, 1)).toBe('Square footage must be between 100 and 100,000 sq ft');
    expect(verdict(squareFootageSchema, 99)).toBe('Square footage must be between 100 and 100,000 sq ft');
    expect(verdict(squareFootageSchema, 100_001)).toBe('Square footage must be between 100 and 100,000 sq ft');
    expect(verdict(squareFootageSchema, 1500.5)).toBe('Square footage must be a whole number');
    expect(verdict(squareFootageSchema, '1500')).toBe('Square footage must be a number');
    expect(verdict(squareFootageSchema, Number.NaN)).toBe('Square footage must be a number');
    expect(verdict(squareFootageSchema, Number.POSITIVE_INFINITY)).toBe('Square footage must be a number');
    expect(verdict(squareFootageSchema, 100)).toBeNull();
    expect(verdict(squareFootageSchema, 2450)).toBeNull();
    expect(verdict(squareFootageSchema, 100_000)).toBeNull();
  });

  it('bedrooms: at least 1 (the spec message), whole, at most 30', () => {
    expect(verdict(bedroomsSchema, undefined)).toBe('Must have at least 1 bedroom');
    expect(verdict(bedroomsSchema, 0)).toBe('Must have at least 1 bedroom');
    expect(verdict(bedroomsSchema, 2.5)).toBe('Bedrooms must be a whole number');
    expect(verdict(bedroomsSchema, 31)).toBe('Bedrooms must be at most 30');
    expect(verdict(bedroomsSchema, 'three')).toBe('Bedrooms must be a number');
    expect(verdict(bedroomsSchema, 1)).toBeNull();
    expect(verdict(bedroomsSchema, 30)).toBeNull();
  });

  it('bathrooms: at least 0.5 (the spec message), in halves, at most 30', () => {
    expect(verdict(bathroomsSchema, undefined)).toBe('Must have at least 0.5 bathrooms');
    expect(verdict(bathroomsSchema, 0)).toBe('Must have at least 0.5 bathrooms');
    expect(verdict(bathroomsSchema, 1.25)).toBe('Bathrooms must be in steps of 0.5');
    expect(verdict(bathroomsSchema, 31)).toBe('Bathrooms must be at most 30');
    expect(verdict(bathroomsSchema, 0.5)).toBeNull();
    expect(verdict(bathroomsSchema, 2.5)).toBeNull();
  });

  it('year built: a whole year from 1600, never in the future', () => {
    const thisYear = new Date().getUTCFullYear();
    expect(verdict(yearBuiltSchema, 1599)).toBe('Year built must be 1600 or later');
    expect(verdict(yearBuiltSchema, 98)).toBe('Year built must be 1600 or later');
    expect(verdict(yearBuiltSchema, latestCurrentYear() + 1)).toBe('Year built cannot be in the future');
    expect(verdict(yearBuiltSchema, 1998.5)).toBe('Year built must be a whole year, e.g. 1998');
    expect(verdict(yearBuiltSchema, '1998')).toBe('Year built must be a year, e.g. 1998');
    expect(verdict(yearBuiltSchema, 1600)).toBeNull();
    expect(verdict(yearBuiltSchema, thisYear)).toBeNull();
  });

  it("'this year' is the latest calendar year anywhere: UTC+14 reaches a new year first", () => {
    expect(latestCurrentYear(Date.UTC(2030, 11, 31, 9, 59))).toBe(2030);
    expect(latestCurrentYear(Date.UTC(2030, 11, 31, 10, 0))).toBe(2031);
  });

  it('lot size: whole square feet from 0 to 100,000,000', () => {
    expect(verdict(lotSizeSchema, -1)).toBe('Lot size must be between 0 and 100,000,000 sq ft');
    expect(verdict(lotSizeSchema, 100_000_001)).toBe('Lot size must be between 0 and 100,000,000 sq ft');
    expect(verdict(lotSizeSchema, 5000.5)).toBe('Lot size must be a whole number of square feet');
    expect(verdict(lotSizeSchema, 0)).toBeNull();
    expect(verdict(lotSizeSchema, 43_560)).toBeNull();
  });

  it('the API bodies use these rules: create and update refuse what the form refuses, with the same message', () => {
    const body = { address: '1 Elm St', city: 'Davis', state: 'CA', zipCode: '95616', bedrooms: 3, bathrooms: 2, squareFootage: 1500 };
    const first = (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(first(createPropertySchema, body)).toBeNull();
    expect(first(createPropertySchema, { ...body, squareFootage: 1 })).toBe('Square footage must be between 100 and 100,000 sq ft');
    expect(first(createPropertySchema, { ...body, yearBuilt: latestCurrentYear() + 1 })).toBe('Year built cannot be in the future');
    expect(first(createPropertySchema, { ...body, yearBuilt: null, lotSize: null })).toBeNull();
    expect(first(createPropertySchema, { ...body, estimatedValue: -1 })).toBe('Estimated value cannot be negative');
    expect(first(updatePropertySchema, { squareFootage: 0 })).toBe('Square footage is required');
    expect(first(updatePropertySchema, { bedrooms: 40 })).toBe('Bedrooms must be at most 30');
  });
});
