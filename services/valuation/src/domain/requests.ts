import { z } from 'zod';
import {
  addressAutocompleteQuerySchema,
  addressTextSchema,
  bathroomsSchema,
  bedroomsSchema,
  lotSizeSchema,
  propertyLookupSchema,
  propertyTypes,
  squareFootageSchema,
  yearBuiltSchema,
  type PropertyLookup,
} from '@hsa/contracts';
import type { HomeFactsMessage, LookupRequestMessage, ValueHistoryRequestMessage } from '@hsa/protos';
import type { GivenEstimate } from './operations';
import { fromZodError, invalidArgument } from '@hsa/service-kit';
import type { SubjectInput } from './results';

/**
 * Validation at the gRPC boundary, with the same schemas (and messages) the gateway uses. Every bad
 * input becomes INVALID_ARGUMENT with a clear message, never an internal error.
 */

export function parseAutocompleteRequest(request: { input?: string; sessionToken?: string | null }): { input: string; sessionToken: string | undefined } {
  const result = addressAutocompleteQuerySchema.safeParse({
    input: request.input ?? '',
    ...(request.sessionToken ? { sessionToken: request.sessionToken } : {}),
  });
  if (!result.success) throw fromZodError(result.error);
  return { input: result.data.input, sessionToken: result.data.sessionToken };
}

export function parseLookupRequest(request: LookupRequestMessage): PropertyLookup {
  const result = propertyLookupSchema.safeParse({
    address: request.address ?? '',
    ...(request.placeId !== undefined ? { placeId: request.placeId } : {}),
    ...(request.sessionToken ? { sessionToken: request.sessionToken } : {}),
  });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

const subjectSchema = z.object({
  address: addressTextSchema.optional(),
  placeId: z.string().trim().min(1).max(300, 'placeId must be at most 300 characters').optional(),
  latitude: z.number().finite().min(-90).max(90).optional(),
  longitude: z.number().finite().min(-180).max(180).optional(),
  // A saved property's facts, checked by the same rules as the property form and the API.
  livingSqft: squareFootageSchema.optional(),
  bedrooms: bedroomsSchema.optional(),
  bathrooms: bathroomsSchema.optional(),
  yearBuilt: yearBuiltSchema.optional(),
  lotSqft: lotSizeSchema.optional(),
  propertyType: z.enum(propertyTypes).optional(),
  zip: z.string().trim().max(20).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(50).optional(),
});

const priceIndexRequestSchema = z.object({
  amount: z.number().int('amount must be whole dollars').min(0, 'amount must be 0 or more').max(1_000_000_000_000),
  fromDate: z.iso.date('fromDate must be a date (YYYY-MM-DD)'),
});

/** AdjustForPriceIndex's request: whole dollars and the date of their price level. */
export function parsePriceIndexRequest(request: { amount?: number; fromDate?: string }): { amount: number; fromDate: string } {
  const result = priceIndexRequestSchema.safeParse({ amount: request.amount ?? 0, fromDate: request.fromDate ?? '' });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** HomeFacts -> what the domain values. It must say where the home is: coordinates, an address or a place id. */
export function parseSubject(facts: HomeFactsMessage | null | undefined): SubjectInput {
  if (!facts) throw invalidArgument('subject is required');
  const input = {
    address: facts.address || undefined,
    placeId: facts.placeId || undefined,
    latitude: facts.coordinates?.latitude,
    longitude: facts.coordinates?.longitude,
    livingSqft: facts.squareFootage,
    bedrooms: facts.bedrooms,
    bathrooms: facts.bathrooms,
    yearBuilt: facts.yearBuilt,
    lotSqft: facts.lotSize,
    propertyType: facts.propertyType || undefined,
    zip: facts.zipCode || undefined,
    city: facts.city || undefined,
    state: facts.state || undefined,
  };
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
  const result = subjectSchema.safeParse(defined);
  if (!result.success) throw fromZodError(result.error);
  const subject = result.data;
  if ((subject.latitude === undefined || subject.longitude === undefined) && !subject.address && !subject.placeId) {
    throw invalidArgument("The home's coordinates, address or place id is required", [
      { path: 'subject', message: "The home's coordinates, address or place id is required" },
    ]);
  }
  return subject;
}

export function parseNearbySalesLimit(limit: number | undefined): number | undefined {
  if (limit === undefined) return undefined;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) throw invalidArgument('limit must be between 1 and 25');
  return limit;
}

const dollars = z.number().int('Values must be whole dollars').min(0).max(1_000_000_000);
const givenEstimateSchema = z
  .object({ estimate: dollars, low: dollars, high: dollars })
  .refine((v) => v.low <= v.estimate && v.estimate <= v.high, { message: 'Values must satisfy low <= estimate <= high', path: ['low'] });

/** ValueHistoryRequest -> the subject and the estimate to carry (all three of estimate, low and high, or none). */
export function parseValueHistoryRequest(request: ValueHistoryRequestMessage): { subject: SubjectInput; given: GivenEstimate | undefined } {
  const subject = parseSubject(request.subject);
  const values = [request.estimate, request.low, request.high];
  if (values.every((v) => v === undefined || v === null)) return { subject, given: undefined };
  if (values.some((v) => v === undefined || v === null)) throw invalidArgument('estimate, low and high go together');
  const result = givenEstimateSchema.safeParse({ estimate: request.estimate, low: request.low, high: request.high });
  if (!result.success) throw fromZodError(result.error);
  return { subject, given: result.data };
}
