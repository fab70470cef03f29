import { z } from 'zod';
import type { PropertyTypeCode } from '../../domain/avm/types';
import type { ComparablesResult, PropertyDataProvider, ResolvedAddress } from '../../domain/providers';
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
import { malformed, refused, type ProviderHttp } from '@hsa/service-kit';
import type { RecordedSale } from '../../domain/value-history';

/**
 * RentCast: property records (GET /v1/properties?address=) for the facts, and the value estimate with
 * comparables (GET /v1/avm/value). The key goes in X-Api-Key. RentCast answers 404 when it has no record
 * or no estimate for an address; its comparables are recent sale listings (list prices).
 */

const nullableNumber = z.number().nullish();
const nullableString = z.string().nullish();

const propertyRecord = z
  .object({
    id: z.string(),
    formattedAddress: nullableString,
    addressLine1: nullableString,
    addressLine2: nullableString,
    city: nullableString,
    state: nullableString,
    zipCode: nullableString,
    latitude: nullableNumber,
    longitude: nullableNumber,
    propertyType: nullableString,
    bedrooms: nullableNumber,
    bathrooms: nullableNumber,
    squareFootage: nullableNumber,
    lotSize: nullableNumber,
    yearBuilt: nullableNumber,
  })
  .passthrough();

/** A property record's history: events by date; sales carry their price. */
const recordHistory = z.object({
  history: z.record(z.string(), z.object({ event: nullableString, date: nullableString, price: nullableNumber }).passthrough()).nullish(),
});

const comparable = propertyRecord.extend({
  price: z.number(),
  listedDate: nullableString,
  removedDate: nullableString,
  lastSeenDate: nullableString,
  distance: nullableNumber,
  correlation: nullableNumber,
});

const valueEstimate = z
  .object({
    price: z.number(),
    priceRangeLow: z.number(),
    priceRangeHigh: z.number(),
    latitude: nullableNumber,
    longitude: nullableNumber,
    comparables: z.array(comparable).default([]),
  })
  .passthrough();

type RentCastRecord = z.infer<typeof propertyRecord>;
type RentCastValue = z.infer<typeof valueEstimate>;

export interface RentCastOptions {
  apiKey: string;
  /** Default https://api.rentcast.io (tests point it at a local server). */
  baseUrl: string;
  /** Comparables requested with each estimate (RentCast accepts 5 to 25). */
  compCount?: number;
}

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
const today = () => new Date().toISOString().slice(0, 10);

export class RentCastPropertyProvider implements PropertyDataProvider {
  readonly name = 'rentcast' as const;
  readonly dataSource = 'RentCast property records and value estimates';

  constructor(
    private readonly http: ProviderHttp,
    private readonly options: RentCastOptions,
  ) {}

  async lookup(address: ResolvedAddress): Promise<LookupResult | undefined> {
    const record = await this.propertyRecord(address.address);
    if (!record) return undefined;
    const facts = this.facts(record, address);
    const value = await this.valueEstimate({
      address: address.address,
      propertyType: facts.propertyType,
      bedrooms: facts.bedrooms ?? undefined,
      bathrooms: facts.bathrooms ?? undefined,
      livingSqft: facts.livingSqft ?? undefined,
    });
    return { facts, value: value ? this.estimateOf(value) : null };
  }

  async estimate(subject: SubjectInput): Promise<Outcome<ValueEstimate>> {
    if (!subject.address && (subject.latitude === undefined || subject.longitude === undefined)) {
      return missing(notFoundMessages.needsLocation);
    }
    const value = await this.valueEstimate(subject);
    return value ? found(this.estimateOf(value)) : missing(notFoundMessages.address);
  }

  async comparables(subject: SubjectInput, limit: number): Promise<ComparablesResult> {
    if (!subject.address && (subject.latitude === undefined || subject.longitude === undefined)) {
      return { comparables: [], valueDate: '', notes: [notFoundMessages.needsLocation] };
    }
    const value = await this.valueEstimate(subject, limit);
    if (!value) return { comparables: [], valueDate: '', notes: [notFoundMessages.address] };
    const estimate = this.estimateOf(value);
    return { comparables: estimate.comparables.slice(0, limit), valueDate: estimate.valueDate, notes: estimate.notes };
  }

  async saleHistory(subject: SubjectInput): Promise<RecordedSale[]> {
    if (!subject.address) return [];
    const record = await this.propertyRecord(subject.address);
    const parsed = recordHistory.safeParse(record ?? {});
    if (!parsed.success) throw malformed(this.http.label, 'property history');
    return Object.entries(parsed.data.history ?? {}).flatMap(([key, event]) => {
      const date = (event.date ?? key).slice(0, 10);
      const price = positive(event.price);
      return event.event === 'Sale' && price !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? [{ date, price: Math.round(price) }] : [];
    });
  }

  private async propertyRecord(address: string): Promise<RentCastRecord | undefined> {
    const res = await this.http.request({
      method: 'GET',
      url: `${this.base()}/v1/properties?${new URLSearchParams({ address })}`,
      headers: { 'X-Api-Key': this.options.apiKey },
      cacheable: (status) => status === 200 || status === 404,
    });
    if (res.status === 404) return undefined;
    if (res.status === 400) return undefined; // "could not be parsed or geolocated"
    if (res.status !== 200) throw refused(this.http.label, res.status, res.body);
    const parsed = z.array(propertyRecord).safeParse(res.body);
    if (!parsed.success) throw malformed(this.http.label, 'property records');
    return parsed.data[0];
  }

  private async valueEstimate(subject: SubjectInput, compCount = this.options.compCount ?? 10): Promise<RentCastValue | undefined> {
    const params = new URLSearchParams();
    if (subject.address) params.set('address', subject.address);
    else {
      params.set('latitude', String(subject.latitude));
      params.set('longitude', String(subject.longitude));
    }
    const type = subject.propertyType ? toRentCastType[subject.propertyType] : undefined;
    if (type) params.set('propertyType', type);
    if (subject.bedrooms !== undefined) params.set('bedrooms', String(subject.bedrooms));
    if (subject.bathrooms !== undefined) params.set('bathrooms', String(subject.bathrooms));
    if (subject.livingSqft !== undefined) params.set('squareFootage', String(subject.livingSqft));
    params.set('compCount', String(Math.max(5, Math.min(25, compCount))));
    const res = await this.http.request({
      method: 'GET',
      url: `${this.base()}/v1/avm/value?${params}`,
      headers: { 'X-Api-Key': this.options.apiKey },
      cacheable: (status) => status === 200 || status === 404,
    });
    if (res.status === 404 || res.status === 400) return undefined;
    if (res.status !== 200) throw refused(this.http.label, res.status, res.body);
    const parsed = valueEstimate.safeParse(res.body);
    if (!parsed.success) throw malformed(this.http.label, 'value estimate');
    return parsed.data;
  }

  private facts(record: RentCastRecord, address: ResolvedAddress): PropertyFacts {
    return {
      address: record.formattedAddress ?? address.address,
      city: record.city ?? address.city,
      state: record.state ?? address.state,
      zip: record.zipCode ?? address.zip,
      bedrooms: typeof record.bedrooms === 'number' ? record.bedrooms : null,
      bathrooms: positive(record.bathrooms),
      livingSqft: positive(record.squareFootage),
      yearBuilt: positive(record.yearBuilt),
      lotSqft: positive(record.lotSize),
      propertyType: rentCastPropertyType(record.propertyType),
      latitude: record.latitude ?? address.latitude,
      longitude: record.longitude ?? address.longitude,
      placeId: address.placeId,
    };
  }

  private estimateOf(value: RentCastValue): ValueEstimate {
    const comps = [...value.comparables].sort((a, b) => (b.correlation ?? 0) - (a.correlation ?? 0));
    const ppsf = comps.flatMap((c) => (positive(c.squareFootage) ? [c.price / c.squareFootage!] : []));
    const marketPpsf = median(ppsf);
    const totalCorrelation = comps.reduce((s, c) => s + (c.correlation ?? 0), 0);
    const comparables: ComparableSale[] = comps.map((c) => {
      const sqft = positive(c.squareFootage);
      return {
        id: c.id,
        address: c.formattedAddress ?? c.addressLine1 ?? c.id,
        bedrooms: typeof c.bedrooms === 'number' ? c.bedrooms : null,
        bathrooms: positive(c.bathrooms),
        livingSqft: sqft,
        salePrice: Math.round(c.price),
        saleDate: (c.removedDate ?? c.lastSeenDate ?? c.listedDate ?? today()).slice(0, 10),
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
        yearBuilt: positive(c.yearBuilt),
        lotSqft: positive(c.lotSize),
      };
    });
    return {
      estimate: Math.round(value.price),
      low: Math.round(Math.min(value.priceRangeLow, value.price)),
      high: Math.round(Math.max(value.priceRangeHigh, value.price)),
      confidence: null,
      valueDate: today(),
      notes: [
        "RentCast's value estimate; its comparables are recent sale listings at their list prices (not adjusted), weighted by RentCast's similarity score.",
      ],
      comparables,
    };
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, '');
  }
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
