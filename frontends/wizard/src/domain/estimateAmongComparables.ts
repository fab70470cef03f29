import { formatMoney } from './format';

/** Where the estimate sits among the comparables' adjusted values, on a shared scale (0..100). */
export interface EstimateStrip {
  /** Comparable number (as on the map and in the table) and position of its adjusted value. */
  comparables: { number: number; value: number; position: number }[];
  estimatePosition: number;
  min: number;
  max: number;
  /** How many adjusted values are below / above the estimate. */
  below: number;
  above: number;
  /** One sentence saying the same, for screen readers. */
  description: string;
}

/**
 * The comparables' adjusted values (what each says the home is worth) and the estimate on one scale; null
 * when there is no estimate or no adjusted value to compare it with.
 */
export function estimateStrip(estimate: number | null, adjustedValues: (number | null)[]): EstimateStrip | null {
  const known = adjustedValues.flatMap((value, index) => (value !== null && Number.isFinite(value) ? [{ number: index + 1, value }] : []));
  if (estimate === null || !Number.isFinite(estimate) || known.length === 0) return null;
  const values = known.map((k) => k.value);
  const min = Math.min(estimate, ...values);
  const max = Math.max(estimate, ...values);
  const span = max - min;
  const position = (value: number) => (span > 0 ? ((value - min) / span) * 100 : 50);
  const below = values.filter((v) => v < estimate).length;
  const above = values.filter((v) => v > estimate).length;
  const count = known.length;
  const description =
    `The estimate, ${formatMoney(estimate)}, is above ${below} and below ${above} of the ${count} comparable sales' adjusted values, ` +
    `which run from ${formatMoney(Math.min(...values))} to ${formatMoney(Math.max(...values))}.`;
  return {
    comparables: known.map((k) => ({ ...k, position: position(k.value) })),
    estimatePosition: position(estimate),
    min,
    max,
    below,
    above,
    description,
  };
}
