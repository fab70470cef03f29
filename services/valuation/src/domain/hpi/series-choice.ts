import type { HpiCatalog, HpiSeries } from './fhfa';

/** What the product knows about where the sales are (FHFA files carry no coordinates, only titles). */
export interface PlaceHint {
  city?: string | null;
  state?: string | null;
}

export interface SeriesChoice {
  series: HpiSeries;
  level: 'metro' | 'state' | 'national';
  /** Plain explanation of why this series was chosen. */
  reason: string;
}

/** Upper case, accents and punctuation removed, "Saint" spelled "ST", single spaces. */
export function normalizePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\bSAINT\b/g, 'ST')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface MetroTitle {
  /** Normalised principal city names (and hyphenated pairs, for cities like Winston-Salem). */
  cities: Set<string>;
  states: Set<string>;
  isDivision: boolean;
}

/**
 * "Sacramento-Roseville-Folsom, CA" -> cities {SACRAMENTO, ROSEVILLE, FOLSOM}, states {CA};
 * "Seattle-Bellevue-Kent, WA  (MSAD)" is a metropolitan division; "Louisville/Jefferson County, KY-IN" has two states.
 */
export function parseMetroTitle(title: string): MetroTitle {
  const isDivision = /\(MSAD\)\s*$/i.test(title);
  const clean = title.replace(/\(MSAD\)\s*$/i, '').trim();
  const comma = clean.lastIndexOf(',');
  const cityPart = comma >= 0 ? clean.slice(0, comma) : clean;
  const statePart = comma >= 0 ? clean.slice(comma + 1) : '';
  const segments = cityPart.split(/[-/]/).map((s) => s.trim()).filter(Boolean);
  const cities = new Set<string>();
  segments.forEach((segment, i) => {
    const name = normalizePlaceName(segment);
    cities.add(name);
    // FHFA titles sometimes qualify the city ("Urban Honolulu", "Boise City").
    cities.add(name.replace(/^URBAN /, '').replace(/ CITY$/, ''));
    const next = segments[i + 1];
    if (next) cities.add(normalizePlaceName(`${segment} ${next}`));
  });
  const states = new Set(
    statePart
      .split('-')
      .map((s) => s.trim().toUpperCase())
      .filter((s) => /^[A-Z]{2}$/.test(s)),
  );
  return { cities, states, isDivision };
}

/**
 * Chooses one FHFA series for a set of sales or a subject: the metro whose title names the most of the
 * given cities as principal cities (with a matching state), else the most common state's series, else the
 * national series. Cities that are not principal cities (suburbs) simply don't vote; no place is hard-coded.
 */
export function chooseHpiSeries(catalog: HpiCatalog, places: PlaceHint[]): SeriesChoice | null {
  const cityVotes = new Map<string, number>();
  const stateVotes = new Map<string, number>();
  for (const place of places) {
    const state = place.state ? place.state.trim().toUpperCase() : '';
    const city = place.city ? normalizePlaceName(place.city) : '';
    if (state) stateVotes.set(state, (stateVotes.get(state) ?? 0) + 1);
    if (city) {
      const key = `${city}|${state}`;
      cityVotes.set(key, (cityVotes.get(key) ?? 0) + 1);
    }
  }

  let best: { series: HpiSeries; votes: number; division: boolean } | null = null;
  for (const series of catalog.metros) {
    if (series.points.length === 0) continue;
    const title = parseMetroTitle(series.name);
    let votes = 0;
    for (const [key, count] of cityVotes) {
      const [city, state] = key.split('|') as [string, string];
      if (title.cities.has(city) && (state === '' || title.states.has(state))) votes += count;
    }
    if (votes === 0) continue;
    const better =
      !best || votes > best.votes || (votes === best.votes && best.division && !title.isDivision) ||
      (votes === best.votes && best.division === title.isDivision && series.name < best.series.name);
    if (better) best = { series, votes, division: title.isDivision };
  }
  const total = places.length;
  if (best) {
    return {
      series: best.series,
      level: 'metro',
      reason: `${best.votes} of ${total} locations are in principal cities of ${best.series.name}`,
    };
  }

  const states = [...stateVotes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [state, votes] of states) {
    const series = catalog.states.find((s) => s.code === state && s.points.length > 0);
    if (series) {
      return {
        series,
        level: 'state',
        reason: `no metro title names these cities; ${votes} of ${total} locations are in ${state}`,
      };
    }
  }

  if (catalog.national && catalog.national.points.length > 0) {
    return { series: catalog.national, level: 'national', reason: 'no metro or state could be matched; using the national series' };
  }
  return null;
}
