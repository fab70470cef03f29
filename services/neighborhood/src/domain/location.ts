import type { PropertyType } from '@hsa/contracts';
import type { LatLng } from './geo';

export type Coordinates = LatLng;

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
 * Insights are cached per home: its location to about a meter (distances are given to the hundredth of a
 * mile) and the facts that choose the sales compared with it and its estimate.
 */
export function locationKey(subject: Pick<InsightsSubject, 'coordinates' | 'squareFootage' | 'bedrooms' | 'bathrooms' | 'yearBuilt' | 'propertyType' | 'estimatedValue'>): string {
  const c = subject.coordinates;
  const facts = [subject.squareFootage, subject.bedrooms, subject.bathrooms, subject.yearBuilt, subject.propertyType, subject.estimatedValue];
  return `${c.latitude.toFixed(5)},${c.longitude.toFixed(5)}|${facts.map((f) => f ?? '').join('|')}`;
}
