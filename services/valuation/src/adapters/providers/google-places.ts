import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { canonicalWords } from '../../domain/address';
import type { AddressPredictionResult, AddressProvider, ResolvedAddress } from '../../domain/providers';
import { malformed, providerErrorDetail, refused, type ProviderHttp } from '@hsa/service-kit';

/**
 * Google Places API (New): Autocomplete (POST /v1/places:autocomplete) for predictions and Place Details
 * (GET /v1/places/{id}) for the address parts and location. The key goes in X-Goog-Api-Key; Place
 * Details needs a field mask (X-Goog-FieldMask), and autocomplete gets one to keep answers small.
 *
 * Billing: the predictions of one address-box session carry its session token, and the lookup ends the session
 * with Place Details under the same token, so Google bills the session as one Place Details (its autocomplete
 * requests are not billed separately). A lookup of typed text without a session gets a session of its own (the
 * prediction and the details it needs are billed as one). Answers are cached without the token: the same text
 * typed again, or the same place looked up again, is not asked twice while the cache holds it; only the Details
 * call that ends a session always reaches Google (otherwise the session's predictions would be billed one by one).
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

/** A Google place id: URL-safe base64-like text (anything else, e.g. the embedded index's "sac:..." ids, is not Google's). */
const googlePlaceId = /^[A-Za-z0-9_-]{1,300}$/;

/** What to check when Google refuses the key or the project (HTTP 400 with a key reason, 401, 403). */
export const googleConfigurationHint =
  'check GOOGLE_MAPS_API_KEY: that it is valid, that Places API (New) is enabled for its project with billing, and that its API restrictions allow it from this server';

export class GooglePlacesAddressProvider implements AddressProvider {
  readonly name = 'google' as const;
  readonly dataSource = 'Google Places';

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: GooglePlacesOptions,
  ) {}

  async autocomplete(input: string, sessionToken?: string): Promise<AddressPredictionResult[]> {
    return (await this.predictions(input, sessionToken)).predictions;
  }

  private async predictions(input: string, sessionToken: string | undefined): Promise<{ predictions: AddressPredictionResult[]; fromCache: boolean }> {
    const body = { input, includedRegionCodes: this.options.regionCodes ?? ['us'], languageCode: 'en' };
    const res = await this.http.request({
      method: 'POST',
      url: `${this.base()}/v1/places:autocomplete`,
      headers: { 'X-Goog-Api-Key': this.options.apiKey, 'X-Goog-FieldMask': googleAutocompleteFieldMask },
      body: sessionToken ? { ...body, sessionToken } : body,
      // The token is billing, not content: the same text answers the same predictions in any session.
      cacheKey: `POST /v1/places:autocomplete ${JSON.stringify(body)}`,
      cacheable: (status, answer) => status === 200 && autocompleteResponse.safeParse(answer).success,
    });
    // Autocomplete is asked only with text we validated: a 400 is our request or our key, never the user's input.
    if (res.status !== 200) throw this.failure(res.status, res.body);
    const parsed = autocompleteResponse.safeParse(res.body);
    if (!parsed.success) throw malformed(this.http.label, 'autocomplete suggestions');
    const predictions = (parsed.data.suggestions ?? [])
      .flatMap((s) => (s.placePrediction ? [s.placePrediction] : []))
      .map((p) => ({ description: stripCountry(p.text.text), placeId: p.placeId }));
    return { predictions, fromCache: res.fromCache };
  }

  async resolve(address: string, placeId?: string, sessionToken?: string): Promise<ResolvedAddress | undefined> {
    let id = placeId && googlePlaceId.test(placeId) ? placeId : undefined;
    // The caller's session (the address box's) ends with this lookup's Place Details.
    let session = sessionToken;
    if (!id) {
      if (!address.trim()) return undefined;
      // Typed text: Google's best prediction, if it is the same house (number) the text names. Without a caller's
      // session the prediction opens one of its own, ended by the details, so both are billed as one Place Details;
      // a prediction from the cache opened nothing and the details may come from the cache too.
      session ??= randomUUID();
      const { predictions, fromCache } = await this.predictions(address, session);
      const [best] = predictions;
      if (!best) return undefined;
      id = best.placeId;
      if (fromCache && !sessionToken) session = undefined;
    }
    const resolved = await this.details(id, session);
    if (!resolved || placeId === id) return resolved;
    const typedNumber = canonicalWords(address).find((w) => /^\d+$/.test(w));
    const foundNumber = canonicalWords(resolved.street)[0];
    return typedNumber && foundNumber !== typedNumber ? undefined : resolved;
  }

  private async details(placeId: string, sessionToken: string | undefined): Promise<ResolvedAddress | undefined> {
    const path = `/v1/places/${encodeURIComponent(placeId)}`;
    const res = await this.http.request({
      method: 'GET',
      url: `${this.base()}${path}${sessionToken ? `?${new URLSearchParams({ sessionToken })}` : ''}`,
      headers: { 'X-Goog-Api-Key': this.options.apiKey, 'X-Goog-FieldMask': googleDetailsFieldMask },
      cacheKey: `GET ${path}`,
      // The call that ends a session must reach Google, else the session's predictions are billed one by one.
      skipCacheRead: sessionToken !== undefined,
      cacheable: (status, answer) => status === 404 || (status === 200 && placeDetails.safeParse(answer).success),
    });
    // An unknown place id: nothing to resolve.
    if (res.status === 404) return undefined;
    if (res.status === 400 && isPlaceIdProblem(res.body)) return undefined;
    if (res.status !== 200) throw this.failure(res.status, res.body);
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

  /**
   * Any other status: a 400 is Google refusing our key (reported as INVALID_ARGUMENT with the reason
   * API_KEY_INVALID) or a request we built, a configuration error logged loudly; the rest is a refusal.
   * Either way the provider is unavailable: never "this address has no data".
   */
  private failure(status: number, body: unknown) {
    if (status === 400) return this.http.configurationError(status, body, googleConfigurationHint);
    return refused(this.http.label, status, body);
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, '');
  }
}

/**
 * A 400 that blames the place id the caller gave (INVALID_ARGUMENT naming the place id, with no ErrorInfo reason
 * such as API_KEY_INVALID): the id names no place. Anything else in a 400 is a configuration error.
 */
function isPlaceIdProblem(body: unknown): boolean {
  const detail = providerErrorDetail(body);
  return detail.reason === undefined && detail.status === 'INVALID_ARGUMENT' && /place ?id/i.test(detail.message ?? '');
}

/** "3526 High St, Sacramento, CA 95838, USA" -> without the country. */
function stripCountry(text: string): string {
  return text.replace(/,\s*(USA|United States)$/i, '');
}
