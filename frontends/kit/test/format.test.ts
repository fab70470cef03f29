import { describe, expect, it } from 'vitest';
import { formatCount, formatCurrency, formatDate } from '../src/format/format';
import { cityStateZip, propertyTypeLabel, streetPart } from '../src/property/propertyText';

describe('formatting', () => {
  it('shows money in whole dollars', () => {
    expect(formatCurrency(485000)).toBe('$485,000');
    expect(formatCurrency(1234567.6)).toBe('$1,234,568');
    expect(formatCurrency(0)).toBe('$0');
  });

  it('shows dates short', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('counts with singular and plural', () => {
    expect(formatCount(1, 'bed')).toBe('1 bed');
    expect(formatCount(4, 'bed')).toBe('4 beds');
    expect(formatCount(2.5, 'bath')).toBe('2.5 baths');
  });
});

describe('property text', () => {
  it('takes the street part of an address: the text before the first comma', () => {
    expect(streetPart('2418 Capitol Ave, Sacramento, CA 95816, USA')).toBe('2418 Capitol Ave');
    expect(streetPart('  12 Elm St  ')).toBe('12 Elm St');
  });

  it('labels property types for people', () => {
    expect(propertyTypeLabel('single_family')).toBe('Single Family');
    expect(propertyTypeLabel('multi_family')).toBe('Multi-Family');
    expect(propertyTypeLabel('condo')).toBe('Condo');
  });

  it('writes city, state and ZIP', () => {
    expect(cityStateZip({ city: 'Sacramento', state: 'CA', zipCode: '95816' })).toBe('Sacramento, CA 95816');
  });
});
