import type { PropertyMessage } from '@hsa/protos';
import type { PropertyRecord } from './property-record';

/** A stored property -> the property.v1.Property message (null columns are left absent). */
export function toPropertyMessage(record: PropertyRecord): PropertyMessage {
  const message: PropertyMessage = {
    id: record.id,
    userId: record.userId,
    address: record.address,
    city: record.city,
    state: record.state,
    zipCode: record.zipCode,
    bedrooms: record.bedrooms,
    bathrooms: record.bathrooms,
    squareFootage: record.squareFootage,
    propertyType: record.propertyType,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    archived: record.archivedAt !== null,
  };
  if (record.yearBuilt !== null) message.yearBuilt = record.yearBuilt;
  if (record.additionalInfo !== null) message.additionalInfo = record.additionalInfo;
  if (record.estimatedValue !== null) message.estimatedValue = record.estimatedValue;
  if (record.estimatedValueLow !== null) message.estimatedValueLow = record.estimatedValueLow;
  if (record.estimatedValueHigh !== null) message.estimatedValueHigh = record.estimatedValueHigh;
  if (record.lotSize !== null) message.lotSize = record.lotSize;
  if (record.latitude !== null && record.longitude !== null) {
    message.coordinates = { latitude: record.latitude, longitude: record.longitude };
  }
  if (record.placeId !== null) message.placeId = record.placeId;
  if (record.archivedAt !== null) message.archivedAt = record.archivedAt.toISOString();
  return message;
}
