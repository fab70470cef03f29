import { AddressIndex, type AddressEntry } from '../address';
import { haversineMiles } from '../avm/geo';
import type { AvmModel, ComparableUse, OwnSale, Subject, Valuation } from '../avm/types';
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
} from '../results';
import { saleHistoryOf, type HistorySale, type RecordedSale } from '../sale-history';
import type { NearbySalesResult } from '../providers';
import { MarketLevels } from './market-levels';
import { addressKey, openDataPlaceId, recordLine, type SaleRecord } from './sale-record';

/** An address of the sales data with its sales, newest first. */
export interface SalesPlace extends AddressEntry {
  key: string;
  records: SaleRecord[];
}

export interface OpenDataMarketOptions {
  /** No estimate (and no comparables) for homes farther than this from every sale. Default 15 miles. */
  maxDistanceMiles?: number;
  /** The price level estimates are given at (YYYY-MM-DD); default today, i.e. today's value level. */
  valueDate?: () => string;
}

export interface AddressPredictionResult {
  description: string;
  placeId: string;
}

const round = (value: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * The embedded market: real recorded sales, an address index over them and the AVM trained on them.
 * Pure and in memory; built once at start from the imported sales.
 */
export class OpenDataMarket {
  readonly addresses: AddressIndex<SalesPlace>;
  private readonly byKey = new Map<string, SalesPlace>();
  /** Places by the coordinates of their sales (to about a meter). */
  private readonly byLocation = new Map<string, SalesPlace[]>();
  private readonly recordsById = new Map<string, SaleRecord>();
  private readonly maxDistanceMiles: number;
  private readonly valueDate: () => string;

  constructor(
    readonly records: readonly SaleRecord[],
    private readonly avm: AvmModel | null,
    private readonly levels: MarketLevels,
    readonly dataSource: string,
    options: OpenDataMarketOptions = {},
  ) {
    this.maxDistanceMiles = options.maxDistanceMiles ?? 15;
    this.valueDate = options.valueDate ?? (() => new Date().toISOString().slice(0, 10));
    for (const record of records) {
      this.recordsById.set(record.id, record);
      const key = addressKey(record);
      let place = this.byKey.get(key);
      if (!place) {
        place = {
          key,
          placeId: openDataPlaceId(record),
          street: record.street,
          city: record.city,
          state: record.state,
          zip: record.zip,
          records: [],
        };
        this.byKey.set(key, place);
      }
      place.records.push(record);
    }
    for (const place of this.byKey.values()) {
      place.records.sort((a, b) => b.saleDate.localeCompare(a.saleDate) || a.id.localeCompare(b.id));
      for (const key of new Set(place.records.map((r) => locationKey(r.latitude, r.longitude)))) {
        this.byLocation.set(key, [...(this.byLocation.get(key) ?? []), place]);
      }
    }
    this.addresses = new AddressIndex([...this.byKey.values()]);
  }

  autocomplete(input: string): AddressPredictionResult[] {
    return this.addresses.search(input).map((place) => ({ description: recordLine(place), placeId: place.placeId }));
  }

  /** The address a place id (of this data) or a free-text line means, if any. */
  resolve(address: string, placeId?: string): SalesPlace | undefined {
    if (placeId) {
      const byId = this.addresses.byPlaceId(placeId);
      if (byId) return byId;
    }
    return this.addresses.match(address)?.entry;
  }

  /** The place of this data at an address found elsewhere (e.g. by Google): same street and ZIP. */
  placeAt(street: string, zip: string): SalesPlace | undefined {
    return this.byKey.get(addressKey({ street, zip }));
  }

  lookup(place: SalesPlace): LookupResult {
    const facts = factsOf(place);
    const subject = facts.livingSqft !== null && facts.latitude !== null ? { ...subjectOf(facts), ownSaleIds: place.records.map((r) => r.id) } : undefined;
    const value = subject && this.avm ? this.toEstimate(this.avm.value(subject, this.valueOptions())) : null;
    return { facts, value };
  }

  estimate(input: SubjectInput): Outcome<ValueEstimate> {
    const subject = this.completeSubject(input);
    if (!subject.found) return subject;
    if (!this.avm) return missing(notFoundMessages.noNearbySales);
    return found(this.toEstimate(this.avm.value(subject.value, this.valueOptions())));
  }

  /** Sales of homes like this one around it, most similar first; empty when there is no data for it. */
  nearbySales(input: SubjectInput, limit: number): NearbySalesResult {
    const subject = this.completeSubject(input);
    if (!subject.found || !this.avm) return { sales: [], valueDate: '', notes: subject.found ? [] : [subject.message] };
    const { valueDate } = this.valueOptions();
    return { sales: this.toComparables(this.avm.nearbySales(subject.value, { valueDate, limit })), valueDate, notes: [] };
  }

  /** The recorded sales of the home (none when it is not in the data). */
  saleHistory(input: SubjectInput): RecordedSale[] {
    return (this.placeOf(input)?.records ?? []).map((r) => ({ date: r.saleDate, price: Math.round(r.salePrice) }));
  }

  /**
   * The place of this data a subject is: the one its place id names; else the one at its coordinates with its living
   * area (the AVM's notion of one home); by its address text only when it has neither (a first lookup). Undefined
   * when none is.
   */
  placeOf(input: SubjectInput): SalesPlace | undefined {
    if (input.placeId) {
      const byId = this.addresses.byPlaceId(input.placeId);
      if (byId) return byId;
    }
    if (input.latitude !== undefined && input.longitude !== undefined) {
      const here = this.byLocation.get(locationKey(input.latitude, input.longitude)) ?? [];
      const sameHome = here.filter((place) => input.livingSqft === undefined || sameLivingArea(place, input.livingSqft));
      return sameHome.length === 1 ? sameHome[0] : undefined;
    }
    if (input.placeId) return undefined;
    return input.address ? this.addresses.match(input.address)?.entry : undefined;
  }

  /**
   * What the AVM needs from what the caller knows: a place of this data named by place id or address fills
   * the location and unknown facts from its latest sale.
   */
  completeSubject(input: SubjectInput): Outcome<Subject> {
    const place = this.placeOf(input);
    const known = place ? factsOf(place) : undefined;
    const latitude = input.latitude ?? known?.latitude ?? null;
    const longitude = input.longitude ?? known?.longitude ?? null;
    if (latitude === null || longitude === null) return missing(known || !input.address ? notFoundMessages.needsLocation : notFoundMessages.address);
    const livingSqft = input.livingSqft ?? known?.livingSqft ?? null;
    if (livingSqft === null || !(livingSqft > 0)) return missing(notFoundMessages.needsLivingArea);
    if (this.nearestSaleMiles(latitude, longitude) > this.maxDistanceMiles) return missing(notFoundMessages.noNearbySales);
    return found({
      latitude,
      longitude,
      livingSqft,
      bedrooms: input.bedrooms ?? known?.bedrooms ?? null,
      bathrooms: input.bathrooms ?? known?.bathrooms ?? null,
      yearBuilt: input.yearBuilt ?? known?.yearBuilt ?? null,
      lotSqft: input.lotSqft ?? known?.lotSqft ?? null,
      propertyType: input.propertyType ?? known?.propertyType ?? null,
      zip: input.zip ?? known?.zip ?? null,
      ownSaleIds: place?.records.map((r) => r.id) ?? [],
    });
  }

  nearestSaleMiles(latitude: number, longitude: number): number {
    let best = Number.POSITIVE_INFINITY;
    for (const r of this.records) {
      const d = haversineMiles(latitude, longitude, r.latitude, r.longitude);
      if (d < best) best = d;
    }
    return best;
  }

  private valueOptions() {
    return { valueDate: this.valueDate() };
  }

  private toEstimate(valuation: Valuation): ValueEstimate {
    return {
      estimate: Math.round(valuation.estimate),
      low: Math.round(valuation.low),
      high: Math.round(valuation.high),
      confidence: round(valuation.confidence, 3),
      valueDate: valuation.valueDate,
      notes: valuation.notes,
      comparables: this.toComparables(valuation.comparables),
      saleHistory: toSaleHistory(valuation.saleHistory),
    };
  }

  private toComparables(uses: readonly ComparableUse[]): ComparableSale[] {
    return uses
      .map((use, order) => ({ use, order }))
      .sort((a, b) => b.use.weight - a.use.weight || a.order - b.order)
      .map(({ use }) => this.toComparable(use));
  }

  private toComparable(use: ComparableUse): ComparableSale {
    const record = this.recordsById.get(use.sale.id);
    const sale = use.sale;
    return {
      id: sale.id,
      address: record ? recordLine(record) : (sale.address ?? ''),
      bedrooms: sale.bedrooms,
      bathrooms: sale.bathrooms,
      livingSqft: sale.livingSqft > 0 ? sale.livingSqft : null,
      salePrice: Math.round(sale.salePrice),
      saleDate: sale.saleDate,
      priceKind: 'sale',
      pricePerSqft: sale.livingSqft > 0 ? Math.round(sale.salePrice / sale.livingSqft) : null,
      marketVariance: this.levels.variance({ ...sale, zip: sale.zip ?? '' }),
      latitude: sale.latitude,
      longitude: sale.longitude,
      distanceMiles: round(use.distanceMiles, 2),
      timeAdjustedPrice: Math.round(use.timeAdjustedPrice),
      adjustedValue: Math.round(use.adjustedValue),
      adjustments: use.adjustments.map((a) => ({ feature: a.feature, label: a.label, amount: Math.round(a.amount), note: a.note })),
      weight: round(use.weight, 4),
      propertyType: sale.propertyType,
      yearBuilt: sale.yearBuilt,
      lotSqft: sale.lotSqft,
    };
  }
}

/** The facts of an address: its latest sale, with facts it lacks taken from earlier sales of it. */
export function factsOf(place: SalesPlace): PropertyFacts {
  const latest = place.records[0]!;
  const first = <K extends keyof SaleRecord>(key: K): SaleRecord[K] | null => {
    for (const r of place.records) if (r[key] !== null && r[key] !== undefined) return r[key];
    return null;
  };
  return {
    address: recordLine(place),
    city: place.city,
    state: place.state,
    zip: place.zip,
    bedrooms: first('bedrooms'),
    bathrooms: first('bathrooms'),
    livingSqft: first('livingSqft'),
    yearBuilt: first('yearBuilt'),
    lotSqft: first('lotSqft'),
    propertyType: latest.propertyType ?? 'other',
    latitude: latest.latitude,
    longitude: latest.longitude,
    placeId: place.placeId,
  };
}

/** Coordinates to about a meter: sales at one key are at one address point. */
function locationKey(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
}

/** A place recorded with this living area, or with none recorded. */
function sameLivingArea(place: SalesPlace, livingSqft: number): boolean {
  const known = place.records.filter((r) => r.livingSqft !== null && r.livingSqft > 0);
  return known.length === 0 || known.some((r) => r.livingSqft === livingSqft);
}

function toSaleHistory(own: readonly OwnSale[]): HistorySale[] {
  return saleHistoryOf(own.map((o) => ({ date: o.sale.saleDate, price: Math.round(o.sale.salePrice), timeAdjustedPrice: o.timeAdjustedPrice })));
}

function subjectOf(facts: PropertyFacts): Subject {
  return {
    latitude: facts.latitude!,
    longitude: facts.longitude!,
    livingSqft: facts.livingSqft!,
    bedrooms: facts.bedrooms,
    bathrooms: facts.bathrooms,
    yearBuilt: facts.yearBuilt,
    lotSqft: facts.lotSqft,
    propertyType: facts.propertyType,
    zip: facts.zip || null,
  };
}
