import type { AreaFacts } from './area';
import type { PlaceNearby, PlacesAround, SchoolBand } from './places';
import { count, listOf, miles } from './text';

/**
 * The embedded texts about what surrounds a home, written only from the places found (names, distances,
 * counts, the sources' years). They describe places, never the people who live near them.
 */

const within = (places: readonly PlaceNearby[] | null, radius: number) => (places ?? []).filter((p) => p.distanceMiles <= radius);
const nearestOfBand = (schools: readonly PlaceNearby[] | null, band: SchoolBand) => (schools ?? []).find((s) => s.bands?.includes(band));
const gradesOf = (s: PlaceNearby) => (s.grades ? ` (grades ${s.grades})` : '');

export function familyText(around: PlacesAround): string {
  const { schools, parks } = around.places;
  const r = around.radiusMiles;
  const elementary = nearestOfBand(schools, 'elementary');
  const secondary = nearestOfBand(schools, 'secondary');
  const sentences: string[] = [];
  const schoolParts = [
    elementary ? `the nearest public school teaching elementary grades is ${elementary.name}${gradesOf(elementary)}, ${miles(elementary.distanceMiles)} away` : null,
    secondary && secondary !== elementary
      ? `the nearest public school teaching middle or high school grades is ${secondary.name}${gradesOf(secondary)}, ${miles(secondary.distanceMiles)} away`
      : null,
  ].filter((s): s is string => s !== null);
  sentences.push(schoolParts.length ? `Schools: ${schoolParts.join('; ')}.` : 'No public school is in the data near this home.');
  const parksNear = within(parks, r);
  const nearestPark = parks?.[0];
  if (parksNear.length && nearestPark) {
    sentences.push(`${count(parksNear.length, 'park or open space lies', 'parks and open spaces lie')} within ${r} miles; the nearest is ${nearestPark.name}, ${miles(nearestPark.distanceMiles)} away.`);
  } else if (nearestPark) {
    sentences.push(`No park lies within ${r} miles; the nearest is ${nearestPark.name}, ${miles(nearestPark.distanceMiles)} away.`);
  } else {
    sentences.push('No park is in the data near this home.');
  }
  const sources = [...new Set([...(schools ?? []), ...(parks ?? [])].map((p) => p.source))];
  if (sources.length) sentences.push(`Sources: ${listOf(sources)}.`);
  return sentences.join(' ');
}

export function walkabilityText(around: PlacesAround): string {
  const { grocery, transitStops } = around.places;
  const r = around.radiusMiles;
  const sentences: string[] = [];
  const store = grocery?.[0];
  if (store) {
    sentences.push(
      store.distanceMiles <= r
        ? `The nearest grocery store in the WIC vendor list is ${store.name}, ${miles(store.distanceMiles)} away.`
        : `No grocery store from the WIC vendor list lies within ${r} miles; the nearest is ${store.name}, ${miles(store.distanceMiles)} away.`,
    );
  }
  if (transitStops === null) {
    sentences.push(around.gaps.transitStops ?? 'No transit data covers this home.');
  } else {
    const close = within(transitStops, 0.25);
    const stop = transitStops[0];
    if (close.length && stop) sentences.push(`${count(close.length, 'SacRT stop lies', 'SacRT stops lie')} within a quarter mile; the nearest is ${stop.name}, ${miles(stop.distanceMiles)} away.`);
    else if (stop) sentences.push(`The nearest SacRT stop is ${stop.name}, ${miles(stop.distanceMiles)} away.`);
    if (around.routes?.length) sentences.push(`SacRT routes passing within a quarter mile (2021 service): ${listOf(around.routes.map((route) => route.name))}.`);
  }
  sentences.push(
    'Distances are straight lines, not walking routes (no street data is available), and restaurants, cafés and other shops are not part of this score' +
      (around.places.restaurants === null ? ' because no data on them exists here.' : '.'),
  );
  return sentences.join(' ');
}

export function diningText(around: PlacesAround): { description: string; diversity: string } {
  const { restaurants, cafes } = around.places;
  if (restaurants === null) return { description: around.gaps.restaurants ?? 'No restaurant data is available here.', diversity: 'No data available' };
  const r = around.radiusMiles;
  const near = within(restaurants, r);
  const cafesNear = within(cafes, r);
  const first = restaurants[0];
  const description = near.length
    ? `${count(near.length, 'restaurant', 'restaurants')} and ${count(cafesNear.length, 'café', 'cafés')} lie within ${r} miles; the nearest restaurant is ${first!.name}, ${miles(first!.distanceMiles)} away.`
    : `No restaurant lies within ${r} miles${first ? `; the nearest is ${first.name}, ${miles(first.distanceMiles)} away` : ''}.`;
  const kinds = new Set(near.map((p) => p.subtype ?? 'restaurant'));
  return { description, diversity: near.length ? `${count(kinds.size, 'kind', 'kinds')} of restaurant among the ${near.length} nearby` : 'No restaurants nearby' };
}

/** Where the home is: its named neighborhood (City of Sacramento) or its census tract. */
export function whereText(area: AreaFacts): string {
  if (area.neighborhood) {
    return `This home is in ${area.neighborhood.name}, a City of Sacramento neighborhood${area.tract ? `, and in ${area.tract.name}` : ''}.`;
  }
  if (area.tract) return `This home is in ${area.tract.name}, outside the City of Sacramento's named neighborhoods.`;
  return '';
}

/** "12 parks, 5 public schools, 2 grocery stores and 34 SacRT stops" within the radius. */
export function countsText(around: PlacesAround): string {
  const r = around.radiusMiles;
  const { schools, parks, grocery, transitStops, restaurants } = around.places;
  const parts = [
    count(within(parks, r).length, 'park or open space', 'parks and open spaces'),
    count(within(schools, r).length, 'public school', 'public schools'),
    count(within(grocery, r).length, 'grocery store (WIC vendors)', 'grocery stores (WIC vendors)'),
    ...(transitStops ? [count(within(transitStops, r).length, 'SacRT stop', 'SacRT stops')] : []),
    ...(restaurants ? [count(within(restaurants, r).length, 'restaurant', 'restaurants')] : []),
  ];
  return `Within ${r} miles in a straight line: ${listOf(parts)}.`;
}

/** Short facts about the location, each from the data. */
export function placeFeatures(around: PlacesAround): string[] {
  const { schools, parks, grocery, transitStops } = around.places;
  const features: string[] = [];
  const park = parks?.[0];
  if (park) features.push(`Nearest park: ${park.name} (${miles(park.distanceMiles)})`);
  const elementary = nearestOfBand(schools, 'elementary');
  if (elementary) features.push(`Nearest school with elementary grades: ${elementary.name} (${miles(elementary.distanceMiles)})`);
  const store = grocery?.[0];
  if (store) features.push(`Nearest grocery store: ${store.name} (${miles(store.distanceMiles)})`);
  if (around.routes?.length) features.push(`SacRT routes within a quarter mile: ${around.routes.length}`);
  else if (transitStops?.[0]) features.push(`Nearest SacRT stop: ${transitStops[0].name} (${miles(transitStops[0].distanceMiles)})`);
  return features;
}

/** What the location offers a buyer, described by places and homes, never by who lives there. */
export function buyerProfileText(typicalHome: string | null, typicalPrice: string | null, around: PlacesAround | null): string {
  const offers: string[] = [];
  const park = around?.places.parks?.[0];
  const store = around?.places.grocery?.[0];
  const stop = around?.places.transitStops?.[0];
  if (park) offers.push(`${miles(park.distanceMiles)} from a park`);
  if (store) offers.push(`${miles(store.distanceMiles)} from a grocery store`);
  if (stop && stop.distanceMiles <= 0.5) offers.push(`${miles(stop.distanceMiles)} from a SacRT stop`);
  const home = typicalHome ? `a ${typicalHome}${typicalPrice ? ` around ${typicalPrice} at today's prices` : ''}` : 'a home';
  if (!typicalHome && offers.length === 0) return 'Not enough data to say what this location offers a buyer.';
  return `Suited to buyers looking for ${home}${offers.length ? `, ${listOf(offers)}` : ''}.`;
}
