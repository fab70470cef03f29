import { factsOf, type OpenDataMarket, type SalesPlace } from '../../domain/market/open-data-market';
import { isOpenDataPlaceId, recordLine } from '../../domain/market/sale-record';
import type {
  AddressPredictionResult,
  AddressProvider,
  NearbySalesResult,
  PropertyDataProvider,
  ResolvedAddress,
} from '../../domain/providers';
import type { LookupResult, Outcome, SubjectInput, ValueEstimate } from '../../domain/results';
import type { RecordedSale } from '../../domain/sale-history';

function resolvedOf(place: SalesPlace): ResolvedAddress {
  const facts = factsOf(place);
  return {
    placeId: place.placeId,
    address: recordLine(place),
    street: place.street,
    city: place.city,
    state: place.state,
    zip: place.zip,
    latitude: facts.latitude,
    longitude: facts.longitude,
  };
}

/** Addresses of the embedded sales data (the default, no key needed). */
export class OpenDataAddressProvider implements AddressProvider {
  readonly name = 'open-data' as const;

  constructor(private readonly market: OpenDataMarket) {}

  get dataSource(): string {
    return this.market.dataSource;
  }

  async autocomplete(input: string): Promise<AddressPredictionResult[]> {
    return this.market.autocomplete(input);
  }

  async resolve(address: string, placeId?: string): Promise<ResolvedAddress | undefined> {
    const place = this.market.resolve(address, placeId);
    return place && resolvedOf(place);
  }
}

/** Facts, values and comparables from the embedded sales data and the product's AVM. */
export class OpenDataPropertyProvider implements PropertyDataProvider {
  readonly name = 'open-data' as const;
  /** The AVM values a home by its coordinates. */
  readonly locatesByAddress = false;

  constructor(private readonly market: OpenDataMarket) {}

  get dataSource(): string {
    return this.market.dataSource;
  }

  async lookup(address: ResolvedAddress): Promise<LookupResult | undefined> {
    const place = isOpenDataPlaceId(address.placeId)
      ? this.market.addresses.byPlaceId(address.placeId)
      : this.market.placeAt(address.street, address.zip);
    return place && this.market.lookup(place);
  }

  async estimate(subject: SubjectInput): Promise<Outcome<ValueEstimate>> {
    return this.market.estimate(subject);
  }

  async nearbySales(subject: SubjectInput, limit: number): Promise<NearbySalesResult> {
    return this.market.nearbySales(subject, limit);
  }

  async saleHistory(subject: SubjectInput): Promise<RecordedSale[]> {
    return this.market.saleHistory(subject);
  }
}
