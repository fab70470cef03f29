/** A real place in the facts (the narrative may name it, with its distance). */
export interface FactPlace {
  name: string;
  kind: string;
  level: string;
  grades: string;
  distanceMiles: number;
}

/** What is known about a location, for the narrative: the only facts it may word. Null facts are unknown. */
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
  familyFriendlyScore: number | null;
  walkabilityScore: number | null;
  diningScore: number | null;
  schools: FactPlace[];
  parks: FactPlace[];
  /** Grocery stores and transit stops. */
  amenities: FactPlace[];
  restaurants: FactPlace[];
  neighborhoodName: string;
  censusTract: string;
  tractCensusMedianValue: number | null;
  tractMedianValueToday: number | null;
  sources: string[];
  /** What has no data here, said plainly. */
  gaps: string[];
}

/** Distances the scoring speaks of (a quarter mile, a mile and a half), which any narrative may mention. */
const methodNumbers = [0.25, 1.5, 10];

/**
 * Every number the narrative may quote: the facts' own figures (scores, distances, prices), the numbers inside
 * their texts (dates, zip, years of the sources), and how many places of each kind the facts list.
 */
export function narrativeNumbers(facts: NeighborhoodFacts): number[] {
  const numbers: number[] = [...methodNumbers];
  const visit = (value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) {
      numbers.push(value);
      if (!Number.isInteger(value)) numbers.push(Math.round(value), Math.round(value * 10) / 10);
    } else if (typeof value === 'string') {
      for (const token of value.match(/\d[\d,]*(?:\.\d+)?/g) ?? []) numbers.push(Number(token.replace(/,/g, '')));
    } else if (Array.isArray(value)) {
      numbers.push(value.length);
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  visit(facts);
  return numbers;
}

/** The names of the places in the facts (a narrative may name these, and no others). */
export function narrativePlaceNames(facts: NeighborhoodFacts): string[] {
  return [...facts.schools, ...facts.parks, ...facts.amenities, ...facts.restaurants].map((p) => p.name).concat(facts.neighborhoodName ? [facts.neighborhoodName] : []);
}
