import type { PropertyType } from '@hsa/contracts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** What the neighborhood is described for: a location, and the home there (to find sales of similar homes). */
export interface InsightsSubject {
  coordinates: Coordinates;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  squareFootage: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  yearBuilt: number | null;
  propertyType: PropertyType | 'other';
  estimatedValue: number | null;
}

/**
 * Insights are cached per location: coordinates rounded to 3 decimals (a cell of about 110 m), so
 * neighbours share an answer and the same home always finds its own.
 */
export function locationKey(c: Coordinates): string {
  return `${c.latitude.toFixed(3)},${c.longitude.toFixed(3)}`;
}
