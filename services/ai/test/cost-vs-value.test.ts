import { describe, expect, it } from 'vitest';
import { parseCostVsValue } from '../src';
import { reference } from './helpers';

describe('cost-versus-value document', () => {
  it('reads every published project with figures from the shared data file, with its source and year', () => {
    const { projects } = reference();
    // 15 Cost vs. Value rows + 2 NAR/NARI rows with figures ("Kitchen upgrade" has none).
    expect(projects).toHaveLength(17);
    expect(projects.find((p) => p.name === 'Garage door replacement')).toEqual({
      name: 'Garage door replacement',
      jobCost: 4672,
      resaleValue: 12_507,
      source: { label: 'Cost vs. Value 2025, national', year: 2025 },
    });
    expect(projects.find((p) => p.name === 'Major kitchen remodel (upscale)')).toMatchObject({ jobCost: 164_104, resaleValue: 58_561 });
    expect(projects.find((p) => p.name === 'Refinish hardwood floors')).toMatchObject({
      jobCost: 3400,
      resaleValue: 5000,
      source: { label: 'NAR / NARI Remodeling Impact Report 2022', year: 2022 },
    });
    expect(projects.some((p) => p.name === 'Kitchen upgrade')).toBe(false);
  });

  it('finds the columns by their names, whatever their order, and ignores tables without figures', () => {
    const markdown = [
      '# Title',
      '## Survey 2031 (regional)',
      '',
      '| resale value | project | cost recouped | job cost |',
      '|---:|---|---:|---:|',
      '| $1,500 | Paint | 150% | $1,000 |',
      '| — | Mystery | — | — |',
      '',
      '## Notes',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
    ].join('\n');
    expect(parseCostVsValue(markdown).projects).toEqual([
      { name: 'Paint', jobCost: 1000, resaleValue: 1500, source: { label: 'Survey 2031', year: 2031 } },
    ]);
  });
});
