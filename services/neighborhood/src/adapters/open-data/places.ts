import type { Place, SchoolBand } from '../../domain/places';
import { openDataSets } from './credits';
import type { GroceryRow, ParkRow, RouteRow, SchoolRow, StopRow } from './files';

/**
 * The rows of the data folder as places, with the data card's quirks handled: schools open on the sales'
 * date and taking general enrolment, parks without drainage parcels and duplicates, readable names.
 */

/** The sales data's period: schools are listed as they were then (the data card's open_in_may_2008). */
export const schoolsOpenOn = '2008-05-31';
export const schoolsOpenLabel = 'open in May 2008';

/** School types that take general enrolment (continuation, community day, court, adult and special schools do not). */
const generalEnrolment = new Set([
  'Elementary Schools (Public)',
  'Elemen Schools In 1 School Dist. (Public)',
  'Intermediate/Middle Schools (Public)',
  'Junior High Schools (Public)',
  'High Schools (Public)',
  'High Schools In 1 School Dist. (Public)',
  'K-12 Schools (Public)',
  'Alternative Schools of Choice',
]);

const levels: Record<string, string> = {
  Elementary: 'Elementary',
  'Intermediate/Middle/Junior High': 'Middle',
  'High School': 'High',
  'Elementary-High Combination': 'K-12',
};

/** "K-6" -> [0, 6]; "P-3" -> [-1, 3]; "9-12" -> [9, 12]; unreadable -> null. */
export function gradeSpan(grades: string): [number, number] | null {
  const grade = (g: string) => (g === 'K' ? 0 : g === 'P' ? -1 : /^\d{1,2}$/.test(g) ? Number(g) : NaN);
  const [low, high] = grades.split('-').map((g) => grade(g.trim()));
  const top = high ?? low;
  return low === undefined || top === undefined || Number.isNaN(low) || Number.isNaN(top) ? null : [low, top];
}

export function schoolBands(grades: string): SchoolBand[] {
  const span = gradeSpan(grades);
  if (!span) return [];
  const bands: SchoolBand[] = [];
  if (span[0] <= 5 && span[1] >= 0) bands.push('elementary');
  if (span[1] >= 7) bands.push('secondary');
  return bands;
}

/** Open on `date` (YYYY-MM-DD): opened by then, and not closed before it. */
export function openOn(row: Pick<SchoolRow, 'OpenDate' | 'ClosedDate'>, date: string): boolean {
  const opened = row.OpenDate.slice(0, 10);
  const closed = row.ClosedDate.slice(0, 10);
  return opened !== '' && opened <= date && (closed === '' || closed > date);
}

/** Public schools open at the sales' time that take general enrolment, in person. */
export function schoolPlaces(rows: readonly SchoolRow[]): Place[] {
  return rows
    .filter((r) => openOn(r, schoolsOpenOn) && generalEnrolment.has(r.SOCType) && r.Virtual !== 'F' && r.Virtual !== 'V')
    .flatMap((r) => {
      const bands = schoolBands(r.GSoffered);
      if (bands.length === 0) return [];
      const level = levels[r.EILName] ?? null;
      const grades = r.GSoffered || null;
      const detail = [
        `${level ?? 'Public'} school${grades ? `, grades ${grades}` : ''}${r.Charter === 'Y' ? ' (charter)' : ''}`,
        r.District,
        schoolsOpenLabel,
      ]
        .filter(Boolean)
        .join(' · ');
      return [
        {
          name: r.School,
          kind: 'school' as const,
          location: { latitude: r.Latitude, longitude: r.Longitude },
          detail,
          level,
          grades,
          bands,
          source: openDataSets.schools.label,
        },
      ];
    });
}

/** Parcels the park file holds that are not parks to visit (data card: "drainage/open-space parcels"). */
const notAPark = /\b(drainage|detention|parcel map)\b/i;

/** Parks and open spaces (the file's duplicates are merged where they are listed: see uniqueByName). */
export function parkPlaces(rows: readonly ParkRow[]): Place[] {
  return rows
    .filter((r) => !notAPark.test(r.name))
    .map((r) => ({ name: r.name, kind: 'park', location: { latitude: r.lat, longitude: r.lng }, detail: 'Park or open space', level: null, grades: null, source: openDataSets.parks.label }));
}

const keepUpper = new Set(['NB', 'SB', 'EB', 'WB', 'LRT', 'RT', 'US', 'CA', 'WIC', 'II', 'III', 'IV']);

/** "RALEY'S #426" -> "Raley's #426"; "NORTHGATE BLVD & WINTER GARDEN AVE (NB)" -> "Northgate Blvd & Winter Garden Ave (NB)". */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[a-z0-9'’.-]+/g, (word) => {
      const upper = word.toUpperCase();
      if (keepUpper.has(upper)) return upper;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .replace(/\bI-(\d+)/gi, 'I-$1');
}

/** Grocery stores of the WIC vendor list (addresses without the stray leading direction letter the card warns of). */
export function groceryPlaces(rows: readonly GroceryRow[]): Place[] {
  return rows.map((r) => {
    const address = titleCase(r.address.replace(/^[NSEW] (?=\d)/, ''));
    return {
      name: titleCase(r.vendor),
      kind: 'grocery',
      location: { latitude: r.latitude, longitude: r.longitude },
      detail: `Grocery store (WIC vendor), ${address}, ${titleCase(r.city)}`,
      level: null,
      grades: null,
      source: openDataSets.grocery.label,
    };
  });
}

export function stopPlaces(rows: readonly StopRow[]): Place[] {
  return rows.map((r) => ({
    name: titleCase(r.stop_name),
    kind: 'transit_stop',
    location: { latitude: r.stop_lat, longitude: r.stop_lon },
    detail: `SacRT stop ${r.stop_code || r.stop_id} (2021 service)`,
    level: null,
    grades: null,
    source: openDataSets.transit.label,
  }));
}

/** "Route 1 Greenback" for a bus, "Gold Line (Downtown - Folsom)" for light rail. */
export function routeName(route: RouteRow): string {
  const long = titleCase(route.route_long_name);
  return route.route_type === 0 ? `${route.route_short_name} Line (${long})` : `Route ${route.route_short_name} ${long}`.trim();
}

export function routeMode(route: RouteRow): 'bus' | 'light rail' {
  return route.route_type === 0 ? 'light rail' : 'bus';
}
