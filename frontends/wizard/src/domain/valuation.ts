/** When the low/high values are missing, the range is 85% to 115% of the estimate (spec sections 5 and 9). */
export const valueRangeFallback = { low: 0.85, high: 1.15 } as const;

export interface ValueRange {
  low: number;
  high: number;
  /** True when an end is the 85% / 115% rule, not the valuation's own (it gave no range): the card says so. */
  assumed?: true;
}

/** What the value card says under a range it had to assume. */
export const assumedRangeNote = 'No likely range came with this estimate: shown is 85% to 115% of it.';

const isAmount = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The estimate's low/high range, falling back to 85% / 115% of the estimate; null without an estimate. */
export function valueRange(estimate: number | null | undefined, low?: number | null, high?: number | null): ValueRange | null {
  if (!isAmount(estimate)) return null;
  const range: ValueRange = {
    low: isAmount(low) ? low : Math.round(estimate * valueRangeFallback.low),
    high: isAmount(high) ? high : Math.round(estimate * valueRangeFallback.high),
  };
  if (!isAmount(low) || !isAmount(high)) range.assumed = true;
  return range;
}

/** Where the estimate sits on the range bar, in percent (0 = low end, 100 = high end). */
export function rangePosition(estimate: number, range: ValueRange): number {
  if (range.high <= range.low) return 50;
  return Math.min(100, Math.max(0, ((estimate - range.low) / (range.high - range.low)) * 100));
}

/** Price per square foot: the estimate divided by the square footage, rounded (spec section 9). */
export function pricePerSquareFoot(estimate: number | null | undefined, squareFootage: number | null | undefined): number | null {
  if (!isAmount(estimate) || !isAmount(squareFootage)) return null;
  return Math.round(estimate / squareFootage);
}
