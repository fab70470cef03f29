import { estimateEvidenceFields, type AnonymousComparableSale, type ComparableSale, type PropertyLookupResponse } from '@hsa/contracts';

/**
 * A lookup answer for an anonymous caller (the demo): the home's facts without its estimate. The value, its range
 * and the notes (which quote the figures behind it) are left out, and `estimateWithheld` says there is one to
 * unlock by signing in. The blur of the demo is then not the only thing between a visitor and the figure.
 */
export function withholdEstimate(answer: PropertyLookupResponse): PropertyLookupResponse {
  if (!answer.success) return answer;
  return {
    ...answer,
    property: { ...answer.property, estimatedValue: null, estimatedValueLow: null, estimatedValueHigh: null },
    notes: [],
    estimateWithheld: answer.property.estimatedValue !== null,
  };
}

/** Comparable sales for an anonymous caller: each sale as recorded, without what it says the home is worth. */
export function withoutEstimateEvidence(comparables: readonly ComparableSale[]): AnonymousComparableSale[] {
  return comparables.map((comparable) => {
    const sale: Partial<ComparableSale> = { ...comparable };
    for (const field of estimateEvidenceFields) delete sale[field];
    return sale as AnonymousComparableSale;
  });
}
