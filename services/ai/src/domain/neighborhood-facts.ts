/** What is known about a location, for the narrative. Null facts are unknown. */
export interface NeighborhoodFacts {
  city: string;
  state: string;
  zipCode: string;
  comparableSales: number | null;
  medianSalePrice: number | null;
  medianPricePerSqft: number | null;
  medianTimeAdjustedPrice: number | null;
  priceIndexChangePercent: number | null;
  priceIndexPeriod: string;
  priceIndexName: string;
  salesPeriod: string;
  radiusMiles: number | null;
  dataSource: string;
  subjectEstimatedValue: number | null;
  subjectSquareFootage: number | null;
  propertyType: string;
}

/** Every number the narrative may quote: the facts' own figures and the numbers inside their texts (dates, zip). */
export function narrativeNumbers(facts: NeighborhoodFacts): number[] {
  const numbers: number[] = [];
  for (const value of Object.values(facts)) {
    if (typeof value === 'number' && Number.isFinite(value)) {
      numbers.push(value);
      if (!Number.isInteger(value)) numbers.push(Math.round(value));
    }
    if (typeof value === 'string') {
      for (const token of value.match(/\d[\d,]*(?:\.\d+)?/g) ?? []) numbers.push(Number(token.replace(/,/g, '')));
    }
  }
  return numbers;
}
