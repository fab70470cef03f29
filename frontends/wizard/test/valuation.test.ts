import { describe, expect, it } from 'vitest';
import { pricePerSquareFoot, rangePosition, valueRange } from '../src/domain/valuation';

describe('the value range', () => {
  it('uses the low and high values when they are given', () => {
    expect(valueRange(500_000, 450_000, 560_000)).toStrictEqual({ low: 450_000, high: 560_000 });
  });

  it('falls back to 85% and 115% of the estimate, each end on its own', () => {
    expect(valueRange(500_000)).toEqual({ low: 425_000, high: 575_000, assumed: true });
    expect(valueRange(500_000, null, null)).toEqual({ low: 425_000, high: 575_000, assumed: true });
    expect(valueRange(500_000, 470_000, null)).toEqual({ low: 470_000, high: 575_000, assumed: true });
    expect(valueRange(500_000, 0, 530_000)).toEqual({ low: 425_000, high: 530_000, assumed: true });
    expect(valueRange(333_333)).toEqual({ low: 283_333, high: 383_333, assumed: true });
  });

  it('has no range without an estimate', () => {
    expect(valueRange(null, 1, 2)).toBeNull();
    expect(valueRange(undefined)).toBeNull();
    expect(valueRange(Number.NaN)).toBeNull();
  });

  it('places the estimate on the bar in percent, clamped', () => {
    expect(rangePosition(500_000, { low: 400_000, high: 600_000 })).toBe(50);
    expect(rangePosition(450_000, { low: 400_000, high: 600_000 })).toBe(25);
    expect(rangePosition(700_000, { low: 400_000, high: 600_000 })).toBe(100);
    expect(rangePosition(500_000, { low: 500_000, high: 500_000 })).toBe(50);
  });
});

describe('price per square foot', () => {
  it('is the estimate over the square footage, rounded', () => {
    expect(pricePerSquareFoot(485_000, 2450)).toBe(198); // 197.959…
    expect(pricePerSquareFoot(59_222, 836)).toBe(71); // 70.84…
    expect(pricePerSquareFoot(100_000, 800)).toBe(125);
    expect(pricePerSquareFoot(1001, 2)).toBe(501); // 500.5 rounds up
  });

  it('is unknown without an estimate or a size', () => {
    expect(pricePerSquareFoot(null, 2450)).toBeNull();
    expect(pricePerSquareFoot(485_000, null)).toBeNull();
    expect(pricePerSquareFoot(485_000, 0)).toBeNull();
  });
});
