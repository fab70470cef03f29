import type { AddressPredictionResult, AddressProvider, ComparablesResult, PropertyDataProvider } from './providers';
import { found, missing, notFoundMessages, type LookupResult, type Outcome, type SubjectInput, type ValueEstimate } from './results';

export const maxPredictions = 5;
export const defaultComparables = 10;
export const maxComparables = 25;

/**
 * The valuation service's operations over whichever providers are configured. A subject without
 * coordinates is located through the address provider first (from its place id, else its address).
 */
export class ValuationOperations {
  constructor(
    readonly addresses: AddressProvider,
    readonly data: PropertyDataProvider,
  ) {}

  async autocomplete(input: string): Promise<{ predictions: AddressPredictionResult[]; dataSource: string }> {
    const predictions = input.trim().length < 3 ? [] : await this.addresses.autocomplete(input);
    return { predictions: predictions.slice(0, maxPredictions), dataSource: this.addresses.dataSource };
  }

  async lookup(address: string, placeId?: string): Promise<Outcome<LookupResult>> {
    const resolved = await this.addresses.resolve(address, placeId);
    if (!resolved) return missing(notFoundMessages.address);
    const result = await this.data.lookup(resolved);
    if (!result) return missing(notFoundMessages.address);
    // The place id the user chose stays the property's, whoever supplied the facts.
    return found({ ...result, facts: { ...result.facts, placeId: resolved.placeId } });
  }

  async estimate(subject: SubjectInput): Promise<Outcome<ValueEstimate>> {
    return this.data.estimate(await this.locate(subject));
  }

  async comparables(subject: SubjectInput, limit = defaultComparables): Promise<ComparablesResult> {
    const capped = Math.max(1, Math.min(maxComparables, Math.floor(limit)));
    return this.data.comparables(await this.locate(subject), capped);
  }

  /** Fills the location (and ZIP, city, state) of a subject that has only an address or a place id. */
  private async locate(subject: SubjectInput): Promise<SubjectInput> {
    if ((subject.latitude !== undefined && subject.longitude !== undefined) || !(subject.address || subject.placeId)) {
      return subject;
    }
    const resolved = await this.addresses.resolve(subject.address ?? '', subject.placeId);
    if (!resolved || resolved.latitude === null || resolved.longitude === null) return subject;
    return {
      ...subject,
      placeId: resolved.placeId,
      latitude: resolved.latitude,
      longitude: resolved.longitude,
      zip: subject.zip ?? resolved.zip,
      city: subject.city ?? resolved.city,
      state: subject.state ?? resolved.state,
    };
  }
}
