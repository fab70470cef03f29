import { describe, expect, it } from 'vitest';
import type { PlacesAround } from '../src/domain/places';
import { decayMiles, dimensionSpecs, distanceDecay, scoreDimension, scoringMethod } from '../src';

const place = (name: string, distanceMiles: number, extra: Record<string, unknown> = {}) => ({
  name,
  kind: 'park' as const,
  location: { latitude: 38.6, longitude: -121.4 },
  detail: '',
  level: null,
  grades: null,
  source: 'test',
  distanceMiles,
  ...extra,
});

function around(places: Partial<PlacesAround['places']>, gaps: PlacesAround['gaps'] = {}): PlacesAround {
  return {
    radiusMiles: decayMiles.zero,
    places: { schools: [], parks: [], grocery: [], transitStops: [], restaurants: null, cafes: null, ...places },
    gaps,
    routes: [],
    credits: [],
  };
}

describe('the distance decay', () => {
  it('gives full points within a quarter mile, none beyond a mile and a half, and a quadratic decline between', () => {
    expect(distanceDecay(0)).toBe(1);
    expect(distanceDecay(0.25)).toBe(1);
    expect(distanceDecay(0.875)).toBeCloseTo(0.25, 10); // half way: ((1.5 - 0.875) / 1.25)^2
    expect(distanceDecay(1)).toBeCloseTo(0.16, 10);
    expect(distanceDecay(1.5)).toBe(0);
    expect(distanceDecay(7)).toBe(0);
    for (let d = 0; d < 2; d += 0.05) expect(distanceDecay(d + 0.05)).toBeLessThanOrEqual(distanceDecay(d));
  });

  it('is described to the user with the same numbers', () => {
    expect(scoringMethod.fullPointsMiles).toBe(0.25);
    expect(scoringMethod.zeroPointsMiles).toBe(1.5);
    expect(scoringMethod.decay).toContain('0.25 mi');
    expect(scoringMethod.decay).toContain('1.5');
  });
});

describe('a dimension score', () => {
  const elementary = (name: string, d: number) => place(name, d, { kind: 'school', bands: ['elementary'] });
  const high = (name: string, d: number) => place(name, d, { kind: 'school', bands: ['secondary'] });

  it('is 10 × points earned over points possible, with each rank weighted', () => {
    const breakdown = scoreDimension(
      'familyFriendly',
      around({ schools: [elementary('A', 0.1), high('B', 1)], parks: [place('P1', 0.2), place('P2', 0.875), place('P3', 2)] }),
      'no data',
    );
    // elementary 3 x 1, secondary 2 x 0.16, parks 1.5 x 1 + 1 x 0.25 + 0.5 x 0 = 5.07 of 8
    expect(breakdown.points).toBeCloseTo(5.07, 3);
    expect(breakdown.maxPoints).toBe(8);
    expect(breakdown.score).toBe(6.3);
    expect(breakdown.categories.map((c) => [c.id, c.counted.map((p) => p.name)])).toEqual([
      ['elementary', ['A']],
      ['secondary', ['B']],
      ['parks', ['P1', 'P2', 'P3']],
    ]);
  });

  it('leaves out a category without data, names it, and still scores when most of the weight has data', () => {
    const gap = 'No SacRT stop lies within 3 miles.';
    const breakdown = scoreDimension('walkability', around({ grocery: [place('G', 0.2)], transitStops: null, parks: [place('P', 0.2)], schools: [elementary('S', 0.2)] }, { transitStops: gap }), 'x');
    expect(breakdown.score).toBe(10);
    expect(breakdown.maxPoints).toBe(5);
    expect(breakdown.categories.find((c) => c.id === 'transit')).toMatchObject({ included: false, note: gap, counted: [] });
  });

  it('gives no score when there is no data (dining without restaurants), and says why', () => {
    const why = 'No restaurant data exists here.';
    const breakdown = scoreDimension('dining', around({}, { restaurants: why }), 'x');
    expect(breakdown).toMatchObject({ score: null, points: 0, maxPoints: 0, reason: why });
    expect(scoreDimension('familyFriendly', null, 'Outside the data.')).toMatchObject({ score: null, reason: 'Outside the data.' });
  });

  it('scores 0 when the places exist but are all beyond a mile and a half', () => {
    const far = scoreDimension('walkability', around({ grocery: [place('G', 3)], transitStops: [place('T', 2)], parks: [place('P', 1.6)], schools: [elementary('S', 4)] }), 'x');
    expect(far.score).toBe(0);
  });

  it('weighs the categories as the README documents them', () => {
    const weights = Object.fromEntries(
      Object.entries(dimensionSpecs).map(([dimension, specs]) => [dimension, specs.map((s) => [s.id, s.counts])]),
    );
    expect(weights).toEqual({
      familyFriendly: [['elementary', [3]], ['secondary', [2]], ['parks', [1.5, 1, 0.5]]],
      walkability: [['grocery', [3]], ['transit', [1, 0.6, 0.4]], ['parks', [1]], ['schools', [1]]],
      dining: [['restaurants', [0.75, 0.45, 0.25, 0.25, 0.225, 0.225, 0.225, 0.225, 0.2, 0.2]], ['cafes', [1.25, 0.75]]],
    });
  });
});
