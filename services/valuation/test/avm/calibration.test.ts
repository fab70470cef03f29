import { describe, expect, it } from 'vitest';
import { calibrate, significantMedian, type HoldoutRecord } from '../../src/domain/avm/calibration';
import { seededRandom } from '../../src/domain/avm/random';

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

describe('level shift (forward valuations that lag a moving market)', () => {
  it('corrects a lag the holdout measures clearly', () => {
    const random = seededRandom(3);
    const errors = Array.from({ length: 3000 }, () => 0.03 + 0.15 * normal(random));
    const shift = significantMedian(errors);
    expect(shift).toBeGreaterThan(0.02);
    expect(shift).toBeLessThan(0.04);
  });

  it('leaves noise alone: a small holdout with a small median is not shifted', () => {
    const random = seededRandom(4);
    const errors = Array.from({ length: 120 }, () => 0.01 + 0.25 * normal(random));
    expect(significantMedian(errors)).toBe(0);
    expect(significantMedian([])).toBe(0);
  });

  it('is applied by the calibration and the range is centred after it', () => {
    const random = seededRandom(5);
    const records: HoldoutRecord[] = Array.from({ length: 2000 }, () => {
      const modelLog = 12 + random();
      return { actualLog: modelLog - 0.05 + 0.1 * normal(random), modelLog, compsLog: Number.NaN, signals: [0.1, 0.1, 0, -1, 0] };
    });
    const calibration = calibrate(records);
    expect(calibration.levelShift).toBeLessThan(-0.04);
    expect(calibration.lowQuantile).toBeLessThan(0);
    expect(calibration.highQuantile).toBeGreaterThan(0);
    expect(Math.abs(calibration.lowQuantile + calibration.highQuantile)).toBeLessThan(0.3 * (calibration.highQuantile - calibration.lowQuantile));
  });
});
