import type { ComparableSale, ShownComparableSale } from './valuation';

// Kept out of valuation.ts, whose schemas load zod: the analysis page tells valued comparables apart without zod.

/** Does this comparable carry what it says the home is worth (a signed-in caller's)? */
export function isValuedComparable(comparable: ShownComparableSale): comparable is ComparableSale {
  return 'adjustedValue' in comparable && typeof comparable.adjustedValue === 'number';
}
