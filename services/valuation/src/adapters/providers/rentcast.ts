import { z } from 'zod';
import type { PropertyTypeCode } from '../../domain/avm/types';
import type { NearbySalesResult, PropertyDataProvider, ResolvedAddress } from '../../domain/providers';
import {
  found,
  missing,
  notFoundMessages,
  type ComparableSale,
  type LookupResult,
  type Outcome,
  type PropertyFacts,
  type SubjectInput,
  type ValueEstimate,
} from '../../domain/results';
import { malformed, type ProviderHttp } from '@hsa/service-kit';
import type { RecordedSale } from '../../domain/sale-history';

/**
 * RentCast: the value estimate (GET /v1/avm/value), which also answers the subject property's facts as RentCast's
 * records hold them (subjectProperty) and the comparables, and the property record (GET /v1/properties?address=)
 * for the home's sale history. The key goes in X-Api-Key.
 *
 * RentCast's published schema marks no response field as required: an absent field is unknown, never an error. An
 * estimate without a range is answered without one (the notes say so); a comparable without a price or without
 * anything to name it by is left out. Its comparables are homes listed for sale: their prices are list prices and
 * their dates listing dates (priceKind "listing").
 *
 * One lookup is one call: the value estimate by address. Later estimates and comparables of the same home ask the
 * same question (same address, same comparable count, no attributes) and are answered from the cache; only facts
 * that differ from what RentCast knows of the home (an owner's correction) are sent, in a call of their own.
 *
 * Statuses: 404 means RentCast has no data for the address. 400 (rejected parameters) and 401 (invalid key,
 * inactive subscription or billing problem) are configuration errors, logged loudly: the provider is unavailable.
 */

const optionalNumber = z.number().nullish();
const optionalString = z.string().nullish();

/** The facts RentCast's property records and value estimates share (every field optional). */
const recordFields = {
  id: optionalString,
  formattedAddress: optionalString,
  addressLine1: optionalString,
  addressLine2: optionalString,
  city: optionalString,
  state: optionalString,
  zipCode: optionalString,
  latitude: optionalNumber,
  longitude: optionalNumber,
  propertyType: optionalString,
  bedrooms: optionalNumber,
  bathrooms: optionalNumber,
  squareFootage: optionalNumber,
  lotSize: optionalNumber,
  yearBuilt: optionalNumber,
};

const subjectProperty = z.object(recordFields).passthrough();
type SubjectRecord = z.infer<typeof subjectProperty>;

const comparableListing = z
  .object({
    ...recordFields,
    price: optionalNumber,
    listedDate: optionalString,
    distance: optionalNumber,
    correlation: optionalNumber,
  })
  .passthrough();
type ComparableListing = z.infer<typeof comparableListing>;

const valueAnswer = z
  .object({
    price: optionalNumber,
    priceRangeLow: optionalNumber,
    priceRangeHigh: optionalNumber,
    latitude: optionalNumber,
    longitude: optionalNumber,
    subjectProperty: subjectProperty.nullish(),
    // Each comparable is read on its own: one unusable listing does not spoil the answer.
    comparables: z.array(z.unknown()).nullish(),
  })
  .passthrough();
type ValueAnswer = z.infer<typeof valueAnswer>;

/** A property record's history: events by date; sales carry their price. */
const propertyRecords = z.array(
  z
    .object({
      history: z.record(z.string(), z.object({ event: optionalString, date: optionalString, price: optionalNumber }).passthrough()).nullish(),
    })
    .passthrough(),
);

export interface RentCastOptions {
  apiKey: string;
  /** Default https://api.rentcast.io (tests point it at a local server). */
  baseUrl: string;
  /**
   * Comparables RentCast uses for each estimate (5 to 25; default 15, RentCast's own default). Every estimate of a
   * home asks with this count, so one answer serves the lookup, the estimate and the comparables.
   */
  compCount?: number;
}

export const defaultRentCastCompCount = 15;

const propertyTypes: Record<string, PropertyTypeCode> = {
  'single family': 'single_family',
  condo: 'condo',
  townhouse: 'townhouse',
  'multi-family': 'multi_family',
  apartment: 'multi_family',
};

/** RentCast's property types ("Single Family", "Condo", ...) -> the API's. */
export function rentCastPropertyType(value: string | null | undefined): PropertyTypeCode {
  return propertyTypes[(value ?? '').trim().toLowerCase()] ?? 'other';
}

const toRentCastType: Record<PropertyTypeCode, string | undefined> = {
  single_family: 'Single Family',
  condo: 'Condo',
  townhouse: 'Townhouse',
  multi_family: 'Multi-Family',
  other: undefined,
};

const positive = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
const count = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
const present = (v: string | null | undefined): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const today = () => new Date().toISOString().slice(0, 10);

export const rentCastNotes = {
  listings:
    "RentCast's value estimate. Its comparables are homes listed for sale: their prices are list prices and their dates listing dates (not sales), weighted by RentCast's similarity score.",
  noRange: 'RentCast gave no likely range with this estimate.',
  leftOut: (n: number) => `${n} comparable listing${n === 1 ? '' : 's'} without a price or an address ${n === 1 ? 'was' : 'were'} left out.`,
  noEstimate: 'RentCast has facts for this home but no value estimate.',
} as const;

/** What RentCast is asked about a home: where it is, and the facts to use instead of its records' (if any). */
interface ValueQuestion {
  address?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  attributes?: Attributes | undefined;
}

interface Attributes {
  propertyType?: string;
  bedrooms?: number;
  bathrooms?: number;
  squareFootage?: number;
}

export class RentCastPropertyProvider implements PropertyDataProvider {
  readonly name = 'rentcast' as const;
  readonly dataSource = 'RentCast property records and value estimates';
  readonly locatesByAddress = true;

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: RentCastOptions,
  ) {}

  async lookup(address: ResolvedAddress): Promise<LookupResult | undefined> {
    const answer = await this.value({ address: address.address });
    if (!answer) return undefined;
    const value = this.estimateOf(answer);
    if (!answer.subjectProperty && !value) return undefined;
    return { facts: this.facts(answer, address), value };
  }

  async estimate(subject: SubjectInput): Promise<Outcome<ValueEstimate>> {
    const answer = await this.answerFor(subject);
    if (!answer) return missing(answer === null ? notFoundMessages.needsLocation : notFoundMessages.address);
    const value = this.estimateOf(answer);
    return value ? found(value) : missing(notFoundMessages.address);
  }

  /** RentCast's comparables of the home's estimate (listings): the nearby homes it knows like this one. */
  async nearbySales(subject: SubjectInput, limit: number): Promise<NearbySalesResult> {
    const answer = await this.answerFor(subject);
    if (!answer) return { sales: [], valueDate: '', notes: [answer === null ? notFoundMessages.needsLocation : notFoundMessages.address] };
    const { comparables, notes } = this.comparablesOf(answer);
    return { sales: comparables.slice(0, limit), valueDate: today(), notes };
  }

  async saleHistory(subject: SubjectInput): Promise<RecordedSale[]> {
    const address = fullAddress(subject);
    if (!address) return [];
    const res = await this.http.request({
      method: 'GET',
      url: `${this.base()}/v1/properties?${new URLSearchParams({ address })}`,
      headers: { 'X-Api-Key': this.options.apiKey },
      cacheKey: `GET /v1/properties ${addressKey(address)}`,
      cacheable: (status, body) => status === 404 || (status === 200 && propertyRecords.safeParse(body).success),
    });
    if (res.status === 404) return [];
    if (res.status !== 200) throw this.failure(res.status, res.body);
    const parsed = propertyRecords.safeParse(res.body);
    if (!parsed.success) throw malformed(this.http.label, 'property records');
    return Object.entries(parsed.data[0]?.history ?? {}).flatMap(([key, event]) => {
      const date = (event.date ?? key).slice(0, 10);
      const price = positive(event.price);
      return event.event === 'Sale' && price !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? [{ date, price: Math.round(price) }] : [];
    });
  }

  /**
   * RentCast's answer for a home: the same question as its lookup (cached), or, when the caller's facts differ from
   * what RentCast knows of the home, the question with those facts. Null when the home cannot be located;
   * undefined when RentCast has no data.
   */
  private async answerFor(subject: SubjectInput): Promise<ValueAnswer | undefined | null> {
    const address = fullAddress(subject);
    const where: ValueQuestion = address
      ? { address }
      : subject.latitude !== undefined && subject.longitude !== undefined
        ? { latitude: subject.latitude, longitude: subject.longitude }
        : {};
    if (!where.address && where.latitude === undefined) return null;
    const base = await this.value(where);
    const attributes = attributesOf(subject);
    if (!differs(attributes, base?.subjectProperty ?? undefined)) return base;
    return (await this.value({ ...where, attributes })) ?? base;
  }

  /** GET /v1/avm/value: the answer, or undefined when RentCast has no data (404). */
  private async value(question: ValueQuestion): Promise<ValueAnswer | undefined> {
    const params = new URLSearchParams();
    if (question.address) params.set('address', question.address);
    else {
      params.set('latitude', String(question.latitude));
      params.set('longitude', String(question.longitude));
    }
    const a = question.attributes ?? {};
    if (a.propertyType) params.set('propertyType', a.propertyType);
    if (a.bedrooms !== undefined) params.set('bedrooms', String(a.bedrooms));
    if (a.bathrooms !== undefined) params.set('bathrooms', String(a.bathrooms));
    if (a.squareFootage !== undefined) params.set('squareFootage', String(a.squareFootage));
    params.set('compCount', String(this.compCount()));
    const where = question.address ? addressKey(question.address) : `${question.latitude?.toFixed(6)},${question.longitude?.toFixed(6)}`;
    const res = await this.http.request({
      method: 'GET',
      url: `${this.base()}/v1/avm/value?${params}`,
      headers: { 'X-Api-Key': this.options.apiKey },
      cacheKey: `GET /v1/avm/value ${where} compCount=${this.compCount()} ${JSON.stringify(a)}`,
      cacheable: (status, body) => status === 404 || (status === 200 && valueAnswer.safeParse(body).success),
    });
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw this.failure(res.status, res.body);
    const parsed = valueAnswer.safeParse(res.body);
    if (!parsed.success) throw malformed(this.http.label, 'value estimate');
    return parsed.data;
  }

  private facts(answer: ValueAnswer, address: ResolvedAddress): PropertyFacts {
    const record: SubjectRecord = answer.subjectProperty ?? {};
    return {
      address: present(record.formattedAddress) ?? address.address,
      city: present(record.city) ?? address.city,
      state: present(record.state) ?? address.state,
      zip: present(record.zipCode) ?? address.zip,
      bedrooms: count(record.bedrooms),
      bathrooms: positive(record.bathrooms),
      livingSqft: roundOrNull(positive(record.squareFootage)),
      yearBuilt: roundOrNull(positive(record.yearBuilt)),
      lotSqft: roundOrNull(positive(record.lotSize)),
      propertyType: rentCastPropertyType(record.propertyType),
      latitude: record.latitude ?? answer.latitude ?? address.latitude,
      longitude: record.longitude ?? answer.longitude ?? address.longitude,
      placeId: address.placeId,
    };
  }

  /** The estimate in an answer; null when RentCast gave no price. */
  private estimateOf(answer: ValueAnswer): ValueEstimate | null {
    const price = positive(answer.price);
    if (price === null) return null;
    const { comparables, notes } = this.comparablesOf(answer);
    const low = positive(answer.priceRangeLow);
    const high = positive(answer.priceRangeHigh);
    const ranged = low !== null && high !== null;
    return {
      estimate: Math.round(price),
      low: ranged ? Math.round(Math.min(low, price)) : null,
      high: ranged ? Math.round(Math.max(high, price)) : null,
      confidence: null,
      valueDate: today(),
      notes: ranged ? notes : [...notes, rentCastNotes.noRange],
      comparables,
      // The home's sales are in its property record, a call of their own (value histories make it).
      saleHistory: [],
    };
  }

  /** The usable comparable listings, most similar first, and what to know about them. */
  private comparablesOf(answer: ValueAnswer): { comparables: ComparableSale[]; notes: string[] } {
    const listings: (ComparableListing & { price: number; name: string })[] = [];
    let leftOut = 0;
    for (const raw of answer.comparables ?? []) {
      const parsed = comparableListing.safeParse(raw);
      const price = parsed.success ? positive(parsed.data.price) : null;
      const name = parsed.success ? (present(parsed.data.formattedAddress) ?? present(parsed.data.addressLine1)) : undefined;
      if (!parsed.success || price === null || !name) {
        leftOut += 1;
        continue;
      }
      listings.push({ ...parsed.data, price, name });
    }
    listings.sort((a, b) => (b.correlation ?? 0) - (a.correlation ?? 0));
    const marketPpsf = median(listings.flatMap((c) => (positive(c.squareFootage) ? [c.price / c.squareFootage!] : [])));
    const totalCorrelation = listings.reduce((s, c) => s + (c.correlation ?? 0), 0);
    const comparables = listings.map((c): ComparableSale => {
      const sqft = roundOrNull(positive(c.squareFootage));
      return {
        id: present(c.id) ?? c.name,
        address: c.name,
        bedrooms: count(c.bedrooms),
        bathrooms: positive(c.bathrooms),
        livingSqft: sqft,
        salePrice: Math.round(c.price),
        saleDate: isoDay(c.listedDate),
        priceKind: 'listing',
        pricePerSqft: sqft ? Math.round(c.price / sqft) : null,
        marketVariance: sqft && marketPpsf ? Math.round((c.price / sqft / marketPpsf - 1) * 1000) / 10 : null,
        latitude: c.latitude ?? null,
        longitude: c.longitude ?? null,
        distanceMiles: Math.round((c.distance ?? 0) * 100) / 100,
        timeAdjustedPrice: Math.round(c.price),
        adjustedValue: Math.round(c.price),
        adjustments: [],
        weight: totalCorrelation > 0 ? Math.round(((c.correlation ?? 0) / totalCorrelation) * 10_000) / 10_000 : 0,
        propertyType: c.propertyType ? rentCastPropertyType(c.propertyType) : null,
        yearBuilt: roundOrNull(positive(c.yearBuilt)),
        lotSqft: roundOrNull(positive(c.lotSize)),
      };
    });
    const notes: string[] = [rentCastNotes.listings];
    if (leftOut) notes.push(rentCastNotes.leftOut(leftOut));
    return { comparables, notes };
  }

  /**
   * A status RentCast should not answer to our requests: 400 means it rejected the parameters we built (the API
   * changed, or a bug), anything else is unexpected. Both are configuration errors, logged loudly.
   */
  private failure(status: number, body: unknown) {
    const hint =
      status === 400
        ? 'RentCast rejected the request parameters (see its message): the request this adapter builds no longer matches its API'
        : `RentCast answered HTTP ${status} to a request it should accept`;
    return this.http.configurationError(status, body, hint);
  }

  private compCount(): number {
    return Math.max(5, Math.min(25, Math.round(this.options.compCount ?? defaultRentCastCompCount)));
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, '');
  }
}

/** What RentCast's 401 means, for the operator (logged with the error). */
export const rentCastAuthHint =
  'RentCast answers 401 for an invalid or missing API key, an inactive API subscription or a billing problem: check RENTCAST_API_KEY and the billing status on the RentCast API dashboard';

/** The subject's facts RentCast takes as request attributes. */
function attributesOf(subject: SubjectInput): Attributes {
  const a: Attributes = {};
  const type = subject.propertyType ? toRentCastType[subject.propertyType] : undefined;
  if (type) a.propertyType = type;
  if (subject.bedrooms !== undefined) a.bedrooms = subject.bedrooms;
  if (subject.bathrooms !== undefined) a.bathrooms = subject.bathrooms;
  if (subject.livingSqft !== undefined) a.squareFootage = subject.livingSqft;
  return a;
}

/** True when the caller states a fact RentCast's record of the home does not have, or has otherwise. */
function differs(attributes: Attributes, record: SubjectRecord | undefined): boolean {
  const r = record ?? {};
  if (attributes.propertyType !== undefined && attributes.propertyType.toLowerCase() !== (r.propertyType ?? '').toLowerCase()) return true;
  if (attributes.bedrooms !== undefined && attributes.bedrooms !== r.bedrooms) return true;
  if (attributes.bathrooms !== undefined && (typeof r.bathrooms !== 'number' || Math.abs(attributes.bathrooms - r.bathrooms) > 0.01)) return true;
  if (attributes.squareFootage !== undefined && (typeof r.squareFootage !== 'number' || Math.round(r.squareFootage) !== attributes.squareFootage)) return true;
  return false;
}

/** RentCast wants "Street, City, State Zip": a saved street line gets its city, state and ZIP. */
function fullAddress(subject: SubjectInput): string | undefined {
  const address = present(subject.address);
  if (!address || address.includes(',')) return address;
  const tail = [present(subject.city), [present(subject.state), present(subject.zip)].filter(Boolean).join(' ')].filter(Boolean);
  return [address, ...tail].join(', ');
}

/** An address as a cache key: the same home however it is capitalised or punctuated. */
function addressKey(address: string): string {
  return address
    .toLowerCase()
    .replace(/,?\s*(usa|united states)$/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function isoDay(value: string | null | undefined): string {
  const day = (value ?? '').slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '';
}

function roundOrNull(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
