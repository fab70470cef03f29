import { z } from 'zod';
import { propertyIdSchema, propertyTypes, updateListingSchema, type PropertyType } from '@hsa/contracts';
import type { GenerateRequestMessage, NeighborhoodFactsMessage } from '@hsa/protos';
import { fromZodError, invalidArgument, notFound } from '@hsa/service-kit';
import { photoRoomTypes, type GenerationInput, type PhotoRoomType } from './facts';
import type { FactPlace, NeighborhoodFacts } from './neighborhood-facts';

/** A property id from a request. Ids are UUIDs; anything else cannot exist, so it is NOT_FOUND. */
export function parsePropertyId(id: string | undefined): string {
  const result = propertyIdSchema.safeParse(id);
  if (!result.success) throw notFound('Property not found');
  return result.data.toLowerCase();
}

const factsSchema = z.object({
  address: z.string().trim().min(1, 'facts.address is required'),
  city: z.string().trim().min(1, 'facts.city is required'),
  state: z.string().trim().min(1, 'facts.state is required'),
  zipCode: z.string().trim(),
  bedrooms: z.number().int().min(1),
  bathrooms: z.number().min(0.5),
  squareFootage: z.number().int().min(1),
});

const orNull = <T>(v: T | undefined | null): T | null => (v === undefined ? null : v);
const meaningfulRoomTypes = new Set<string>(photoRoomTypes.filter((t) => t !== 'other' && t !== 'unassigned'));

export function parseGenerateRequest(request: GenerateRequestMessage): GenerationInput {
  const propertyId = parsePropertyId(request.propertyId);
  const f = request.facts;
  if (!f) throw invalidArgument('facts are required');
  const checked = factsSchema.safeParse(f);
  if (!checked.success) throw fromZodError(checked.error);
  const c = request.comparables;
  return {
    propertyId,
    facts: {
      ...checked.data,
      yearBuilt: orNull(f.yearBuilt),
      propertyType: (propertyTypes as readonly string[]).includes(f.propertyType) ? (f.propertyType as PropertyType) : 'other',
      additionalInfo: request.additionalInfo?.trim() ? request.additionalInfo.trim() : null,
      estimatedValue: orNull(request.estimatedValue),
      estimatedValueLow: orNull(request.estimatedValueLow),
      estimatedValueHigh: orNull(request.estimatedValueHigh),
      lotSize: orNull(f.lotSize),
    },
    comparables: c
      ? {
          count: c.count,
          medianSalePrice: orNull(c.medianSalePrice),
          medianPricePerSqft: orNull(c.medianPricePerSqft),
          medianTimeAdjustedPrice: orNull(c.medianTimeAdjustedPrice),
          earliestSaleDate: c.earliestSaleDate || null,
          latestSaleDate: c.latestSaleDate || null,
          maxDistanceMiles: orNull(c.maxDistanceMiles),
          dataSource: c.dataSource,
        }
      : null,
    photoRoomTypes: [...new Set(request.photoRoomTypes.filter((t) => meaningfulRoomTypes.has(t)))] as PhotoRoomType[],
  };
}

export function parseListingDescription(description: string | undefined): string {
  const result = updateListingSchema.safeParse({ description });
  if (!result.success) throw fromZodError(result.error);
  return result.data.description;
}

export function parseNeighborhoodFacts(msg: NeighborhoodFactsMessage): NeighborhoodFacts {
  return {
    city: msg.city,
    state: msg.state,
    zipCode: msg.zipCode,
    comparableSales: orNull(msg.comparableSales),
    medianSalePrice: orNull(msg.medianSalePrice),
    medianPricePerSqft: orNull(msg.medianPricePerSqft),
    medianTimeAdjustedPrice: orNull(msg.medianTimeAdjustedPrice),
    priceIndexChangePercent: orNull(msg.priceIndexChangePercent),
    priceIndexPeriod: msg.priceIndexPeriod,
    priceIndexName: msg.priceIndexName,
    salesPeriod: msg.salesPeriod,
    radiusMiles: orNull(msg.radiusMiles),
    dataSource: msg.dataSource,
    subjectEstimatedValue: orNull(msg.subjectEstimatedValue),
    subjectSquareFootage: orNull(msg.subjectSquareFootage),
    propertyType: msg.propertyType,
    familyFriendlyScore: orNull(msg.familyFriendlyScore),
    walkabilityScore: orNull(msg.walkabilityScore),
    diningScore: orNull(msg.diningScore),
    schools: msg.schools.map(factPlace),
    parks: msg.parks.map(factPlace),
    amenities: msg.amenities.map(factPlace),
    restaurants: msg.restaurants.map(factPlace),
    neighborhoodName: msg.neighborhoodName,
    censusTract: msg.censusTract,
    tractCensusMedianValue: orNull(msg.tractCensusMedianValue),
    tractMedianValueToday: orNull(msg.tractMedianValueToday),
    sources: [...msg.sources],
    gaps: [...msg.gaps],
  };
}

const factPlace = (p: FactPlace): FactPlace => ({ name: p.name, kind: p.kind, level: p.level, grades: p.grades, distanceMiles: p.distanceMiles });
