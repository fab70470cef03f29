import type { Property, PropertyType, RoomType } from '@hsa/contracts';

/** The room types a photo can have (spec section 3), as the media contract defines them. */
export { roomTypes as photoRoomTypes } from '@hsa/contracts';
export type PhotoRoomType = RoomType;

/** The true facts of a home the engines write from. Unknown facts are null, never guessed. */
export type HomeFacts = Pick<
  Property,
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'bedrooms'
  | 'bathrooms'
  | 'squareFootage'
  | 'yearBuilt'
  | 'propertyType'
  | 'additionalInfo'
  | 'estimatedValue'
  | 'estimatedValueLow'
  | 'estimatedValueHigh'
  | 'lotSize'
>;

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
