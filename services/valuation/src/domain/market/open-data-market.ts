import { AddressIndex, type AddressEntry } from '../address';
import { haversineMiles } from '../avm/geo';
import type { AvmModel, ComparableUse, Subject, Valuation } from '../avm/types';
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
import type { RecordedSale } from '../value-history';
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
  /** Comparables listed by default. */
  defaultComparables?: number;
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
  private readonly recordsById = new Map<string, SaleRecord>();
  private readonly maxDistanceMiles: number;
  private readonly defaultComparables: number;
  private readonly valueDate: () => string;

  constructor(
    readonly records: readonly SaleRecord[],
    private readonly avm: AvmModel | null,
    private readonly levels: MarketLevels,
    readonly dataSource: string,
    options: OpenDataMarketOptions = {},
  ) {
    this.maxDistanceMiles = options.maxDistanceMiles ?? 15;
    this.defaultComparables = options.defaultComparables ?? 10;
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
    // The home's own sale stays in: it is real, dated evidence of its value (time-adjusted like any other).
    const subject = facts.livingSqft !== null && facts.latitude !== null ? subjectOf(facts) : undefined;
    const value = subject && this.avm ? this.toEstimate(this.avm.value(subject, this.valueOptions(this.defaultComparables))) : null;
    return { facts, value };
  }

  estimate(input: SubjectInput): Outcome<ValueEstimate> {
    const subject = this.completeSubject(input);
    if (!subject.found) return subject;
    if (!this.avm) return missing(notFoundMessages.noNearbySales);
    return found(this.toEstimate(this.avm.value(subject.value, this.valueOptions(this.defaultComparables))));
  }

  /** The sales behind the home's value, most similar first; empty when there is no data for it. */
  comparables(input: SubjectInput, limit = this.defaultComparables): { comparables: ComparableSale[]; valueDate: string; notes: string[] } {
    const subject = this.completeSubject(input);
    if (!subject.found || !this.avm) return { comparables: [], valueDate: '', notes: subject.found ? [] : [subject.message] };
    const valuation = this.avm.value(subject.value, this.valueOptions(limit));
    return { comparables: this.toComparables(valuation.comparables).slice(0, limit), valueDate: valuation.valueDate, notes: valuation.notes };
  }

  /** The recorded sales of the address a place id or address names (none when it is not in the data). */
  saleHistory(input: SubjectInput): RecordedSale[] {
    const place = input.placeId || input.address ? this.resolve(input.address ?? '', input.placeId) : undefined;
    return (place?.records ?? []).map((r) => ({ date: r.saleDate, price: Math.round(r.salePrice) }));
  }

  /**
   * What the AVM needs from what the caller knows: a place of this data named by place id or address fills
   * the location and unknown facts from its latest sale.
   */
  completeSubject(input: SubjectInput): Outcome<Subject> {
    const place = input.placeId || input.address ? this.resolve(input.address ?? '', input.placeId) : undefined;
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

  private valueOptions(maxComparables: number) {
    return { valueDate: this.valueDate(), maxComparables };
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
      adjustments: use.adjustments.map((a) => ({ feature: a.feature, amount: Math.round(a.amount), note: a.note })),
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
