import type { CreateProperty, Property, PropertyType, UpdateProperty } from '@hsa/contracts';
import type { Property__Output as PropertyMessage } from '../gen/property/v1/Property';
import { coordinatesToApi } from './common';
import type { PropertyFields } from '../gen/property/v1/PropertyFields';

/**
 * The one mapping between property.v1 messages and the HTTP API's Property (contracts). The gateway
 * uses it in both directions; the property service uses the same field list for its own checks.
 */

/** Nullable API fields and the proto field names used to clear them (PropertyFields.clear_fields). */
export const clearablePropertyFields = {
  yearBuilt: 'year_built',
  additionalInfo: 'additional_info',
  estimatedValue: 'estimated_value',
  estimatedValueLow: 'estimated_value_low',
  estimatedValueHigh: 'estimated_value_high',
  lotSize: 'lot_size',
  coordinates: 'coordinates',
  placeId: 'place_id',
} as const;

const optional = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);

export function propertyMessageToApi(msg: PropertyMessage): Property {
  return {
    id: msg.id,
    userId: msg.userId,
    address: msg.address,
    city: msg.city,
    state: msg.state,
    zipCode: msg.zipCode,
    bedrooms: msg.bedrooms,
    bathrooms: msg.bathrooms,
    squareFootage: msg.squareFootage,
    yearBuilt: optional(msg.yearBuilt),
    propertyType: msg.propertyType as PropertyType,
    additionalInfo: optional(msg.additionalInfo),
    estimatedValue: optional(msg.estimatedValue),
    estimatedValueLow: optional(msg.estimatedValueLow),
    estimatedValueHigh: optional(msg.estimatedValueHigh),
    lotSize: optional(msg.lotSize),
    coordinates: coordinatesToApi(msg.coordinates),
    placeId: optional(msg.placeId),
    createdAt: msg.createdAt,
    updatedAt: msg.updatedAt,
    archived: msg.archived,
    archivedAt: optional(msg.archivedAt),
  };
}

/** Validated API input (create or update) -> PropertyFields; explicit nulls become clear_fields. */
export function apiInputToPropertyFields(input: CreateProperty | UpdateProperty): PropertyFields {
  const fields: PropertyFields = {};
  const clear: string[] = [];
  for (const [key, value] of Object.entries(input) as [keyof CreateProperty, unknown][]) {
    if (value === undefined) continue;
    if (value === null) {
      const protoName = clearablePropertyFields[key as keyof typeof clearablePropertyFields];
      if (protoName) clear.push(protoName);
      continue;
    }
    (fields as Record<string, unknown>)[key] = value;
  }
  if (clear.length) fields.clearFields = clear;
  return fields;
}
