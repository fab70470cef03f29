import type { PropertyType } from '@hsa/contracts';

/** The room types a photo can have (spec section 3). */
export const photoRoomTypes = [
  'living_room',
  'kitchen',
  'master_bedroom',
  'bedroom',
  'bathroom',
  'dining_room',
  'exterior',
  'garage',
  'basement',
  'other',
  'unassigned',
] as const;
export type PhotoRoomType = (typeof photoRoomTypes)[number];

/** The true facts of a home the engines write from. Unknown facts are null, never guessed. */
export interface HomeFacts {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  bedrooms: number;
  bathrooms: number;
  squareFootage: number;
  yearBuilt: number | null;
  propertyType: PropertyType;
  additionalInfo: string | null;
  estimatedValue: number | null;
  estimatedValueLow: number | null;
  estimatedValueHigh: number | null;
  lotSize: number | null;
}

/** What the comparable sales behind the estimate say, in short. */
export interface ComparablesFacts {
  count: number;
  medianSalePrice: number | null;
  medianPricePerSqft: number | null;
  medianTimeAdjustedPrice: number | null;
  earliestSaleDate: string | null;
  latestSaleDate: string | null;
  maxDistanceMiles: number | null;
  dataSource: string;
}

/** Everything an engine gets for one home. */
export interface GenerationInput {
  propertyId: string;
  facts: HomeFacts;
  comparables: ComparablesFacts | null;
  /** Distinct room types of the home's photos (unassigned and other are dropped: they say nothing). */
  photoRoomTypes: PhotoRoomType[];
}

export const propertyTypeNames: Record<PropertyType, string> = {
  single_family: 'single-family home',
  townhouse: 'townhouse',
  condo: 'condo',
  multi_family: 'multi-family property',
  other: 'home',
};

/** "2418 Capitol Ave" from "2418 Capitol Ave, Sacramento, CA 95816". */
export function streetOf(address: string): string {
  return address.split(',')[0]!.trim();
}

/** Whole years since it was built, against `year` (the current year by default). */
export function ageOf(facts: Pick<HomeFacts, 'yearBuilt'>, year = new Date().getUTCFullYear()): number | null {
  return facts.yearBuilt === null ? null : Math.max(0, year - facts.yearBuilt);
}
