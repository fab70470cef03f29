import { describe, expect, it } from 'vitest';
import { knownFacts, unknownFacts } from '../src';

describe('required facts', () => {
  it('are known only when the data gives all three', () => {
    expect(knownFacts({ bedrooms: 2, bathrooms: 1, squareFootage: 836 })).toEqual({ bedrooms: 2, bathrooms: 1, squareFootage: 836 });
    expect(unknownFacts({ bedrooms: 2, bathrooms: 1, squareFootage: 836 })).toEqual([]);
  });

  it('name the unknown ones and give no figure for them, not even zero', () => {
    expect(knownFacts({ bedrooms: 0, bathrooms: null, squareFootage: 900 })).toBeUndefined();
    expect(unknownFacts({ bedrooms: 0, bathrooms: null, squareFootage: null })).toEqual(['bathrooms', 'squareFootage']);
  });
});
