import type { CreateProperty, Property, UpdateProperty } from '@hsa/contracts';

/**
 * A stored property as the domain sees it: the contract's Property with coordinates split into two
 * nullable columns and real timestamps. The repository's rows must satisfy this type.
 */
export interface PropertyRecord
  extends Omit<Property, 'coordinates' | 'propertyType' | 'archived' | 'createdAt' | 'updatedAt' | 'archivedAt'> {
  propertyType: string;
  latitude: number | null;
  longitude: number | null;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

/** The columns a user sets, i.e. everything but identity, owner and lifecycle timestamps. */
export type PropertyValues = Omit<PropertyRecord, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'archivedAt'>;

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** A validated create input -> the values of a new record (absent optional fields become null). */
export function newPropertyValues(input: CreateProperty): PropertyValues {
  return {
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    squareFootage: input.squareFootage,
    yearBuilt: orNull(input.yearBuilt),
    propertyType: input.propertyType,
    additionalInfo: orNull(input.additionalInfo),
    estimatedValue: orNull(input.estimatedValue),
    estimatedValueLow: orNull(input.estimatedValueLow),
    estimatedValueHigh: orNull(input.estimatedValueHigh),
    lotSize: orNull(input.lotSize),
    latitude: input.coordinates?.latitude ?? null,
    longitude: input.coordinates?.longitude ?? null,
    placeId: orNull(input.placeId),
  };
}

/** A validated update input -> only the columns it changes (null clears a column). */
export function changedPropertyValues(input: UpdateProperty): Partial<PropertyValues> {
  const changes: Partial<PropertyValues> = {};
  for (const [key, value] of Object.entries(input) as [keyof UpdateProperty, unknown][]) {
    if (value === undefined) continue;
    if (key === 'coordinates') {
      const coordinates = input.coordinates ?? null;
      changes.latitude = coordinates?.latitude ?? null;
      changes.longitude = coordinates?.longitude ?? null;
    } else {
      (changes as Record<string, unknown>)[key] = value;
    }
  }
  return changes;
}
