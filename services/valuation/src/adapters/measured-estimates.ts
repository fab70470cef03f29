import { inSpan, kitMetrics, secondsSince } from '@hsa/service-kit';
import type { NearbySalesResult, PropertyDataProvider, ResolvedAddress } from '../domain/providers';
import type { LookupResult, Outcome, SubjectInput, ValueEstimate } from '../domain/results';
import type { RecordedSale } from '../domain/sale-history';

/**
 * A property data provider whose value estimates (a lookup's and an estimate's) an SRE can see: each is a span
 * `avm.estimate` (the provider calls it makes are its children) and a point of hsa.avm.estimate.duration, both with
 * hsa.outcome (ok, not_found: no value for this home, error) and hsa.avm.provider (open-data: the product's AVM,
 * rentcast: RentCast's); the span also carries how many comparables the estimate used and its confidence.
 */
export class MeasuredEstimates implements PropertyDataProvider {
  constructor(private readonly inner: PropertyDataProvider) {}

  get name() {
    return this.inner.name;
  }

  get dataSource(): string {
    return this.inner.dataSource;
  }

  get locatesByAddress(): boolean {
    return this.inner.locatesByAddress;
  }

  lookup(address: ResolvedAddress): Promise<LookupResult | undefined> {
    return this.measured(() => this.inner.lookup(address), (result) => result?.value ?? undefined);
  }

  estimate(subject: SubjectInput): Promise<Outcome<ValueEstimate>> {
    return this.measured(() => this.inner.estimate(subject), (result) => (result.found ? result.value : undefined));
  }

  nearbySales(subject: SubjectInput, limit: number): Promise<NearbySalesResult> {
    return this.inner.nearbySales(subject, limit);
  }

  saleHistory(subject: SubjectInput): Promise<RecordedSale[]> {
    return this.inner.saleHistory(subject);
  }

  private measured<T>(work: () => Promise<T>, valueOf: (result: T) => ValueEstimate | undefined): Promise<T> {
    const provider = this.inner.name;
    return inSpan('avm.estimate', { attributes: { 'hsa.avm.provider': provider } }, async (span) => {
      const start = process.hrtime.bigint();
      let outcome = 'error';
      try {
        const result = await work();
        const value = valueOf(result);
        outcome = value ? 'ok' : 'not_found';
        if (value) {
          span.setAttribute('hsa.avm.comparables', value.comparables.length);
          if (value.confidence !== null) span.setAttribute('hsa.avm.confidence', value.confidence);
        }
        return result;
      } finally {
        span.setAttribute('hsa.outcome', outcome);
        kitMetrics().avmDuration.record(secondsSince(start), { 'hsa.outcome': outcome, 'hsa.avm.provider': provider });
      }
    });
  }
}
