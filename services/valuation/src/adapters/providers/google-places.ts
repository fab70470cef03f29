import { z } from 'zod';
import { canonicalWords } from '../../domain/address';
import type { AddressPredictionResult, AddressProvider, ResolvedAddress } from '../../domain/providers';
import { malformed, refused, type ProviderHttp } from '@hsa/service-kit';

/**
 * Google Places API (New): Autocomplete (POST /v1/places:autocomplete) for predictions and Place Details
 * (GET /v1/places/{id}) for the address parts and location. The key goes in X-Goog-Api-Key; Place
 * Details needs a field mask (X-Goog-FieldMask), and autocomplete gets one to keep answers small.
 */

const formattableText = z.object({ text: z.string() }).passthrough();

const autocompleteResponse = z
  .object({
    suggestions: z
      .array(
        z
          .object({
            placePrediction: z
              .object({ placeId: z.string(), text: formattableText, place: z.string().optional() })
              .passthrough()
              .optional(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();

const addressComponent = z
  .object({ longText: z.string().optional(), shortText: z.string().optional(), types: z.array(z.string()).default([]) })
  .passthrough();

const placeDetails = z
  .object({
    id: z.string(),
    formattedAddress: z.string().optional(),
    addressComponents: z.array(addressComponent).default([]),
    location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  })
  .passthrough();

export interface GooglePlacesOptions {
  apiKey: string;
  /** Default https://places.googleapis.com (tests point it at a local server). */
  baseUrl: string;
  /** CLDR region codes the predictions are limited to. */
  regionCodes?: string[];
}

export const googleAutocompleteFieldMask = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text';
export const googleDetailsFieldMask = 'id,formattedAddress,addressComponents,location';

export class GooglePlacesAddressProvider implements AddressProvider {
  readonly name = 'google' as const;
  readonly dataSource = 'Google Places';

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: GooglePlacesOptions,
  ) {}

  async autocomplete(input: string): Promise<AddressPredictionResult[]> {
    const res = await this.http.request({
      method: 'POST',
      url: `${this.base()}/v1/places:autocomplete`,
      headers: { 'X-Goog-Api-Key': this.options.apiKey, 'X-Goog-FieldMask': googleAutocompleteFieldMask },
      body: { input, includedRegionCodes: this.options.regionCodes ?? ['us'], languageCode: 'en' },
    });
    if (res.status !== 200) return this.clientError(res.status, res.body);
    const parsed = autocompleteResponse.safeParse(res.body);
    if (!parsed.success) throw malformed(this.http.label, 'autocomplete suggestions');
    return (parsed.data.suggestions ?? [])
      .flatMap((s) => (s.placePrediction ? [s.placePrediction] : []))
      .map((p) => ({ description: stripCountry(p.text.text), placeId: p.placeId }));
  }

  async resolve(address: string, placeId?: string): Promise<ResolvedAddress | undefined> {
    let id = placeId && !placeId.includes(':') ? placeId : undefined;
    if (!id) {
      // Free text: Google's best prediction, if it is the same house (number) the text names.
      const [best] = await this.autocomplete(address);
      if (!best) return undefined;
      id = best.placeId;
    }
    const resolved = await this.details(id);
    if (!resolved || placeId === id) return resolved;
    const typedNumber = canonicalWords(address).find((w) => /^\d+$/.test(w));
    const foundNumber = canonicalWords(resolved.street)[0];
    return typedNumber && foundNumber !== typedNumber ? undefined : resolved;
  }

  private async details(placeId: string): Promise<ResolvedAddress | undefined> {
    const res = await this.http.request({
      method: 'GET',
      url: `${this.base()}/v1/places/${encodeURIComponent(placeId)}`,
      headers: { 'X-Goog-Api-Key': this.options.apiKey, 'X-Goog-FieldMask': googleDetailsFieldMask },
      cacheable: (status) => status === 200 || status === 404,
    });
    // An unknown or malformed place id: nothing to resolve.
    if (res.status === 404 || res.status === 400) return undefined;
    if (res.status !== 200) return this.clientError(res.status, res.body);
    const parsed = placeDetails.safeParse(res.body);
    if (!parsed.success) throw malformed(this.http.label, 'place details');
    const place = parsed.data;
    const part = (type: string, form: 'longText' | 'shortText' = 'longText') =>
      place.addressComponents.find((c) => c.types.includes(type))?.[form] ?? '';
    const number = part('street_number');
    const route = part('route', 'shortText') || part('route');
    const unit = part('subpremise');
    const street = [number, route].filter(Boolean).join(' ') + (unit ? ` Unit ${unit}` : '');
    const city = part('locality') || part('postal_town') || part('sublocality') || part('administrative_area_level_3');
    return {
      placeId: place.id,
      address: stripCountry(place.formattedAddress ?? street),
      street,
      city,
      state: part('administrative_area_level_1', 'shortText'),
      zip: part('postal_code'),
      latitude: place.location?.latitude ?? null,
      longitude: place.location?.longitude ?? null,
    };
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, '');
  }

  private clientError(status: number, body: unknown): never {
    throw refused(this.http.label, status, body);
  }
}

/** "3526 High St, Sacramento, CA 95838, USA" -> without the country. */
function stripCountry(text: string): string {
  return text.replace(/,\s*(USA|United States)$/i, '');
}
