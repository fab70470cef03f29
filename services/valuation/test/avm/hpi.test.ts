import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hpiFileNames, loadHpiCatalog, parseMetroHpi, parseStateHpi } from '../../src/adapters/hpi-files';
import { hpiValueAt, indexFromHpiSeries, type HpiCatalog } from '../../src/domain/hpi/fhfa';
import { chooseHpiSeries, normalizePlaceName, parseMetroTitle } from '../../src/domain/hpi/series-choice';
import { dataDir } from './helpers';

const catalog: HpiCatalog = loadHpiCatalog(dataDir);
const metro = (code: string) => catalog.metros.find((s) => s.code === code)!;

describe('FHFA files', () => {
  it('reads every metro series with its title, skipping "-" periods', () => {
    expect(catalog.metros).toHaveLength(404);
    const sacramento = metro('40900');
    expect(sacramento.name).toBe('Sacramento-Roseville-Folsom, CA');
    expect(hpiValueAt(sacramento, 2008, 2)).toBe(210.99);
    expect(hpiValueAt(sacramento, 2024, 3)).toBe(409.47);
    expect(sacramento.points[0]).toMatchObject({ year: 1976, quarter: 2 });
    expect(hpiValueAt(sacramento, 1975, 1)).toBeNull();
    const seattle = metro('42644');
    expect(seattle.name).toBe('Seattle-Bellevue-Kent, WA  (MSAD)');
    expect(hpiValueAt(seattle, 2014, 2)).toBe(229.61);
    expect(hpiValueAt(seattle, 2024, 3)).toBe(538.24);
    const total = catalog.metros.reduce((s, m) => s + m.points.length, 0);
    expect(total).toBe(80_396 - 13_442);
  });

  it('reads the state and national files (1980 Q1 = 100)', () => {
    expect(catalog.states).toHaveLength(51);
    const ca = catalog.states.find((s) => s.code === 'CA')!;
    expect(hpiValueAt(ca, 1980, 1)).toBe(100);
    expect(ca.points.at(-1)).toMatchObject({ year: 2024, quarter: 3 });
    expect(catalog.national?.code).toBe('USA');
    expect(hpiValueAt(catalog.national!, 1980, 1)).toBe(100);
    expect(catalog.national!.points.at(-1)).toMatchObject({ year: 2024, quarter: 3 });
    expect(catalog.divisions.map((d) => d.code).sort()).toEqual(['DV_ENC', 'DV_ESC', 'DV_MA', 'DV_MT', 'DV_NE', 'DV_PAC', 'DV_SA', 'DV_WNC', 'DV_WSC']);
  });

  it('parses the headerless CRLF format directly', () => {
    const metros = parseMetroHpi('"Abilene, TX",10180,1975,1,-,-\r\n"Abilene, TX",10180,1986,1,71.5,( 2.01)\r\n');
    expect(metros).toEqual([{ kind: 'metro', code: '10180', name: 'Abilene, TX', points: [{ year: 1986, quarter: 1, value: 71.5 }] }]);
    expect(parseStateHpi('AK,1975,1,61.64\r\n')[0]!.points).toEqual([{ year: 1975, quarter: 1, value: 61.64 }]);
    expect(() => parseStateHpi('AK,1975\r\n')).toThrow(/expected 4 columns/);
    expect(readFileSync(join(dataDir, hpiFileNames.metro), 'utf8').startsWith('"Abilene, TX"')).toBe(true);
  });
});

describe('index math', () => {
  const index = indexFromHpiSeries(metro('40900'));

  it('brings a 2008 Q2 price to the 2024 Q3 level by the ratio of the quarter values', () => {
    expect(index.factor('2008-05-16', '2024-08-15')).toBeCloseTo(409.47 / 210.99, 2);
    expect(index.factor('2024-08-15', '2008-05-16')).toBeCloseTo(210.99 / 409.47, 2);
    expect(index.factor('2010-01-01', '2010-01-01')).toBe(1);
  });

  it('holds dates after 2024 Q3 at the last value and says so', () => {
    expect(index.factor('2024-09-30', '2026-03-01')).toBeCloseTo(1, 10);
    expect(index.coverage()).toEqual({ start: '1976-04-01', end: '2024-09-30' });
    expect(index.describe()).toBe('FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro), 1976 Q2 to 2024 Q3');
    const notes = index.notesFor(['2026-03-01']);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('ends 2024 Q3');
    expect(notes[0]).toContain('held at its last value');
    expect(index.notesFor(['2020-01-01'])).toEqual([]);
  });

  it('interpolates between quarter midpoints in log terms', () => {
    const q1 = hpiValueAt(metro('40900'), 2008, 1)!;
    const q2 = hpiValueAt(metro('40900'), 2008, 2)!;
    const mid = index.factor('2008-02-15', '2008-03-31'); // halfway between the Q1 and Q2 midpoints
    expect(mid).toBeGreaterThan(Math.min(1, Math.sqrt(q2 / q1)) - 0.01);
    expect(mid).toBeLessThan(Math.max(1, Math.sqrt(q2 / q1)) + 0.01);
  });

  it('labels a metropolitan division plainly', () => {
    expect(indexFromHpiSeries(metro('42644')).describe()).toBe('FHFA All-Transactions HPI, Seattle-Bellevue-Kent, WA (metropolitan division), 1975 Q3 to 2024 Q3');
  });
});

describe('series choice', () => {
  it('parses metro titles into principal cities and states', () => {
    const t = parseMetroTitle('Louisville/Jefferson County, KY-IN');
    expect([...t.states]).toEqual(['KY', 'IN']);
    expect(t.cities.has('LOUISVILLE')).toBe(true);
    expect(parseMetroTitle('Winston-Salem, NC').cities.has('WINSTON SALEM')).toBe(true);
    expect(parseMetroTitle('Seattle-Bellevue-Kent, WA  (MSAD)')).toMatchObject({ isDivision: true });
    expect(normalizePlaceName('Saint Louis')).toBe(normalizePlaceName('St. Louis'));
  });

  it('chooses the metro whose title names the city, within the state', () => {
    const choice = chooseHpiSeries(catalog, [{ city: 'SACRAMENTO', state: 'CA' }, { city: 'ELK GROVE', state: 'CA' }, { city: 'Roseville', state: 'CA' }]);
    expect(choice?.level).toBe('metro');
    expect(choice?.series.code).toBe('40900');
    expect(choice?.reason).toContain('2 of 3');
    expect(chooseHpiSeries(catalog, [{ city: 'Seattle', state: 'WA' }])?.series.code).toBe('42644');
    expect(chooseHpiSeries(catalog, [{ city: 'Winston-Salem', state: 'NC' }])?.series.code).toBe('49180');
    expect(chooseHpiSeries(catalog, [{ city: 'Honolulu', state: 'HI' }])?.series.code).toBe('46520');
    expect(chooseHpiSeries(catalog, [{ city: 'Saint Louis', state: 'MO' }])?.series.code).toBe('41180');
  });

  it('does not match a same-named city in another state, falling back to the state series', () => {
    // Lincoln is a metro title in Nebraska; Lincoln, CA is a suburb that no CA title names.
    const choice = chooseHpiSeries(catalog, [{ city: 'LINCOLN', state: 'CA' }]);
    expect(choice?.level).toBe('state');
    expect(choice?.series.code).toBe('CA');
    expect(chooseHpiSeries(catalog, [{ city: 'Lincoln', state: 'NE' }])?.level).toBe('metro');
  });

  it('falls back to the national series when neither city nor state can be matched', () => {
    const choice = chooseHpiSeries(catalog, [{ city: 'Atlantis', state: 'ZZ' }, { city: null, state: null }]);
    expect(choice?.level).toBe('national');
    expect(choice?.series.code).toBe('USA');
    expect(indexFromHpiSeries(choice!.series).describe()).toContain('United States');
  });
});
