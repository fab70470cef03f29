import { z } from 'zod';
import type { DataCredit, PlaceKind } from '@hsa/contracts';
import { malformed, refused, type ProviderHttp } from '@hsa/service-kit';

/** What to check when Google refuses the key or the project (logged with the error). */
export const googleNearbyConfigurationHint =
  'check GOOGLE_MAPS_API_KEY: that it is valid, that Places API (New) is enabled for its project with billing, and that its API restrictions allow it from this server';
import type { LatLng } from '../domain/geo';
import { nearestPlaces, type Place, type PlaceCategory, type PlaceSource, type PlacesAround, type SchoolBand } from '../domain/places';

/**
 * Google Places API (New) Nearby Search (POST /v1/places:searchNearby): the places around a home in the same
 * categories as the public data, plus restaurants and cafés, ranked by distance within a circle. The key goes
 * in X-Goog-Api-Key and the field mask in X-Goog-FieldMask; answers are cached by the provider client.
 */

const meters = (miles: number) => Math.round(miles * 1609.344);

export const googleNearbyFieldMask = 'places.id,places.displayName,places.location,places.primaryType,places.types,places.formattedAddress,places.businessStatus';

/** The Nearby Search types (Places API (New), table A) asked for each category. */
export const googleNearbyTypes: Record<PlaceCategory, readonly string[]> = {
  schools: ['primary_school', 'secondary_school'],
  parks: ['park'],
  grocery: ['grocery_store', 'supermarket'],
  transitStops: ['bus_stop', 'bus_station', 'light_rail_station', 'train_station', 'subway_station', 'transit_station'],
  restaurants: ['restaurant'],
  cafes: ['cafe', 'coffee_shop'],
};

const kinds: Record<PlaceCategory, PlaceKind> = {
  schools: 'school',
  parks: 'park',
  grocery: 'grocery',
  transitStops: 'transit_stop',
  restaurants: 'restaurant',
  cafes: 'cafe',
};

const details: Record<PlaceCategory, string> = {
  schools: 'School',
  parks: 'Park',
  grocery: 'Grocery store',
  transitStops: 'Transit stop',
  restaurants: 'Restaurant',
  cafes: 'Café',
};

const nearbyResponse = z
  .object({
    places: z
      .array(
        z
          .object({
            id: z.string(),
            displayName: z.object({ text: z.string() }).passthrough().optional(),
            location: z.object({ latitude: z.number(), longitude: z.number() }),
            primaryType: z.string().optional(),
            types: z.array(z.string()).default([]),
            formattedAddress: z.string().optional(),
            businessStatus: z.string().optional(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();
type GooglePlace = NonNullable<z.infer<typeof nearbyResponse>['places']>[number];

export interface GoogleNearbyOptions {
  apiKey: string;
  /** Default https://places.googleapis.com (tests point it at a local server). */
  baseUrl: string;
  /** Schools are searched farther out, so the nearest of each level is known even beyond the scoring reach. */
  schoolRadiusMiles?: number;
  /** The year shown with the source (answers are fetched live and cached for hours). */
  year?: () => string;
}

export class GooglePlacesNearby implements PlaceSource {
  readonly name = 'google' as const;
  readonly coverageNote = 'Places come from Google Places, which covers every location.';

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: GoogleNearbyOptions,
  ) {}

  private get credit(): DataCredit {
    const year = this.options.year?.() ?? String(new Date().getUTCFullYear());
    return { id: 'google-places', name: 'Places: Google Places API (New), Nearby Search', year, credit: 'Google' };
  }

  covers(): boolean {
    return true;
  }

  async around(at: LatLng, radiusMiles: number): Promise<PlacesAround> {
    const categories = Object.keys(googleNearbyTypes) as PlaceCategory[];
    // Every search settles before a failure is reported, so no request of this answer is still running after it.
    const settled = await Promise.allSettled(
      categories.map((category) => this.search(at, category, category === 'schools' ? Math.max(radiusMiles, this.options.schoolRadiusMiles ?? 5) : radiusMiles)),
    );
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const found = settled.map((result) => (result as PromiseFulfilledResult<Place[]>).value);
    const places = Object.fromEntries(
      categories.map((category, i) => [category, nearestPlaces(at, found[i]!, radiusMiles, category === 'schools' ? 0 : 1)]),
    ) as PlacesAround['places'];
    // The nearest school of each level, wherever it is within the school search.
    const schools = nearestPlaces(at, found[categories.indexOf('schools')]!, Infinity, 0);
    for (const band of ['elementary', 'secondary'] as SchoolBand[]) {
      const nearest = schools.find((s) => s.bands?.includes(band));
      if (nearest && !places.schools!.some((s) => s.name === nearest.name && s.distanceMiles === nearest.distanceMiles)) places.schools!.push(nearest);
    }
    return { radiusMiles, places, gaps: {}, routes: null, credits: [this.credit] };
  }

  private async search(at: LatLng, category: PlaceCategory, radiusMiles: number): Promise<Place[]> {
    const res = await this.http.request({
      method: 'POST',
      url: `${this.options.baseUrl.replace(/\/$/, '')}/v1/places:searchNearby`,
      headers: { 'X-Goog-Api-Key': this.options.apiKey, 'X-Goog-FieldMask': googleNearbyFieldMask },
      body: {
        includedTypes: googleNearbyTypes[category],
        maxResultCount: 20,
        rankPreference: 'DISTANCE',
        locationRestriction: { circle: { center: { latitude: at.latitude, longitude: at.longitude }, radius: meters(radiusMiles) } },
        languageCode: 'en',
      },
    });
    if (res.status !== 200) throw refused(this.http.label, res.status, res.body);
    const parsed = nearbyResponse.safeParse(res.body ?? {});
    if (!parsed.success) throw malformed(this.http.label, 'nearby search places');
    const source = `Google Places (${this.credit.year})`;
    return (parsed.data.places ?? [])
      .filter((p) => p.businessStatus !== 'CLOSED_PERMANENTLY' && p.displayName?.text)
      .map((p) => this.toPlace(p, category, source));
  }

  private toPlace(p: GooglePlace, category: PlaceCategory, source: string): Place {
    const bands: SchoolBand[] = [];
    if (p.types.includes('primary_school')) bands.push('elementary');
    if (p.types.includes('secondary_school')) bands.push('secondary');
    const level = category === 'schools' ? (bands.length === 2 ? 'Primary and secondary' : bands[0] === 'elementary' ? 'Primary' : bands[0] === 'secondary' ? 'Secondary' : null) : null;
    return {
      name: p.displayName!.text,
      kind: kinds[category],
      location: { latitude: p.location.latitude, longitude: p.location.longitude },
      detail: [level ? `${level} school` : details[category], p.formattedAddress].filter(Boolean).join(' · '),
      level,
      grades: null,
      ...(category === 'schools' ? { bands } : {}),
      ...(category === 'restaurants' ? { subtype: p.primaryType ?? 'restaurant' } : {}),
      source,
    };
  }
}
