import { estimateEvidenceFields, type AnonymousComparableSale, type PropertyLookupResponse, type ShownComparableSale } from './valuation';

/**
 * A lookup answer for an anonymous caller (the demo): the home's facts without its estimate. The value, its range,
 * the notes (which quote the figures behind it), what each comparable says the home is worth and the home's sale
 * history (each sale brought to today's prices) are left out, and `estimateWithheld` says there is one to unlock by
 * signing in. The blur of the demo is then not the only thing between a visitor and the figure. The comparables are
 * still the ones the estimate used (the same valuation run), each as recorded.
 */
export function withholdEstimate(answer: PropertyLookupResponse): PropertyLookupResponse {
  if (!answer.success) return answer;
  return {
    ...answer,
    property: { ...answer.property, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null },
    notes: [],
    comparables: withoutEstimateEvidence(answer.comparables),
    saleHistory: [],
    estimateWithheld: answer.property.estimatedValue !== null,
  };
}

/** Comparable sales for an anonymous caller: each sale as recorded, without what it says the home is worth. */
export function withoutEstimateEvidence(comparables: readonly ShownComparableSale[]): AnonymousComparableSale[] {
  return comparables.map((comparable) => {
    const sale: Partial<Record<string, unknown>> = { ...comparable };
    for (const field of estimateEvidenceFields) delete sale[field];
    return sale as AnonymousComparableSale;
  });
}
