import { aiMessages, propertyTypes, type PropertyType } from '@hsa/contracts';
import type { GetInsightsRequestMessage } from '@hsa/protos';
import { AppError } from '@hsa/service-kit';
import type { InsightsSubject } from './location';

const orNull = <T>(v: T | undefined | null): T | null => (v === undefined ? null : v);

/** A GetInsights request -> the subject; insights are per location, so coordinates are required. */
export function parseInsightsRequest(request: GetInsightsRequestMessage): InsightsSubject {
  const c = request.coordinates;
  const valid = c && Number.isFinite(c.latitude) && Number.isFinite(c.longitude) && Math.abs(c.latitude) <= 90 && Math.abs(c.longitude) <= 180;
  if (!valid) throw new AppError('FAILED_PRECONDITION', aiMessages.coordinatesRequired);
  return {
    coordinates: { latitude: c.latitude, longitude: c.longitude },
    address: request.address,
    city: request.city,
    state: request.state,
    zipCode: request.zipCode,
    squareFootage: orNull(request.squareFootage),
    bedrooms: orNull(request.bedrooms),
    bathrooms: orNull(request.bathrooms),
    yearBuilt: orNull(request.yearBuilt),
    propertyType: (propertyTypes as readonly string[]).includes(request.propertyType) ? (request.propertyType as PropertyType) : 'other',
    estimatedValue: orNull(request.estimatedValue),
  };
}
