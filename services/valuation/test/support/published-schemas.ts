import { z } from 'zod';

/**
 * The parts of the providers' published response schemas the fixtures (and the adapters) rely on, written out
 * by hand from:
 * - Google Places API (New): googleapis/googleapis `google/maps/places/v1` (places_service.proto
 *   AutocompletePlacesResponse, place.proto Place), in the proto3 JSON mapping (lowerCamelCase names; fields at
 *   their default value are left out, never null); errors are google.rpc.Status (`google/rpc/status.proto`,
 *   ErrorInfo from `google/rpc/error_details.proto`) wrapped in `{error: ...}`.
 * - RentCast: its OpenAPI document (developers.rentcast.io/openapi): every response field optional, numbers are
 *   `number`, texts and dates are `string`; no field is nullable. Errors are `{status, error, message}`.
 * Objects are strict where the fixtures should use only published field names, so a misspelt or invented field
 * fails the test; null is refused wherever the schema says string or number.
 */

const str = z.string();
const num = z.number();
const int = z.number().int();

// ---- Google Places API (New) ----

const stringRange = z.strictObject({ startOffset: int.optional(), endOffset: int.optional() });
const formattableText = z.strictObject({ text: str, matches: z.array(stringRange).optional() });

export const googleAutocompleteResponse = z.strictObject({
  suggestions: z
    .array(
      z.strictObject({
        placePrediction: z
          .strictObject({
            place: str.regex(/^places\/[A-Za-z0-9_-]+$/),
            placeId: str,
            text: formattableText,
            structuredFormat: z.strictObject({ mainText: formattableText, secondaryText: formattableText.optional() }).optional(),
            types: z.array(str).optional(),
            distanceMeters: int.optional(),
          })
          .optional(),
        queryPrediction: z.strictObject({ text: formattableText, structuredFormat: z.unknown().optional() }).optional(),
      }),
    )
    .optional(),
});

const addressComponent = z.strictObject({ longText: str.optional(), shortText: str.optional(), types: z.array(str).optional(), languageCode: str.optional() });
const latLng = z.strictObject({ latitude: num, longitude: num });

/** Place, for the field mask id,formattedAddress,addressComponents,location (nothing else may be answered). */
export const googlePlaceDetails = z.strictObject({
  id: str,
  formattedAddress: str.optional(),
  addressComponents: z.array(addressComponent).optional(),
  location: latLng.optional(),
});

const googleStatusNames = [
  'INVALID_ARGUMENT',
  'FAILED_PRECONDITION',
  'OUT_OF_RANGE',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'ABORTED',
  'ALREADY_EXISTS',
  'RESOURCE_EXHAUSTED',
  'CANCELLED',
  'DATA_LOSS',
  'UNKNOWN',
  'INTERNAL',
  'NOT_IMPLEMENTED',
  'UNAVAILABLE',
  'DEADLINE_EXCEEDED',
] as const;

const errorDetail = z.union([
  z.strictObject({ '@type': z.literal('type.googleapis.com/google.rpc.ErrorInfo'), reason: str, domain: str, metadata: z.record(str, str).optional() }),
  z.strictObject({ '@type': z.literal('type.googleapis.com/google.rpc.LocalizedMessage'), locale: str, message: str }),
  z.strictObject({
    '@type': z.literal('type.googleapis.com/google.rpc.BadRequest'),
    fieldViolations: z.array(z.strictObject({ field: str, description: str })),
  }),
]);

export const googleErrorResponse = z.strictObject({
  error: z.strictObject({ code: int, message: str, status: z.enum(googleStatusNames), details: z.array(errorDetail).optional() }),
});

// ---- RentCast ----

const rentCastRecordFields = {
  id: str.optional(),
  formattedAddress: str.optional(),
  addressLine1: str.optional(),
  addressLine2: str.optional(),
  city: str.optional(),
  state: str.optional(),
  stateFips: str.optional(),
  zipCode: str.optional(),
  county: str.optional(),
  countyFips: str.optional(),
  latitude: num.optional(),
  longitude: num.optional(),
  propertyType: str.optional(),
  bedrooms: num.optional(),
  bathrooms: num.optional(),
  squareFootage: num.optional(),
  lotSize: num.optional(),
  yearBuilt: num.optional(),
};

export const rentCastValueEstimate = z.strictObject({
  price: num.optional(),
  priceRangeLow: num.optional(),
  priceRangeHigh: num.optional(),
  latitude: num.optional(),
  longitude: num.optional(),
  subjectProperty: z.strictObject({ ...rentCastRecordFields, lastSaleDate: str.optional(), lastSalePrice: num.optional() }).optional(),
  comparables: z
    .array(
      z.strictObject({
        ...rentCastRecordFields,
        status: str.optional(),
        price: num.optional(),
        listingType: str.optional(),
        listedDate: str.optional(),
        removedDate: str.optional(),
        lastSeenDate: str.optional(),
        daysOnMarket: num.optional(),
        distance: num.optional(),
        daysOld: num.optional(),
        correlation: num.optional(),
      }),
    )
    .optional(),
});

const scalars = z.union([str, num, z.boolean()]);

export const rentCastPropertyRecords = z.array(
  z.strictObject({
    ...rentCastRecordFields,
    assessorID: str.optional(),
    legalDescription: str.optional(),
    subdivision: str.optional(),
    zoning: str.optional(),
    lastSaleDate: str.optional(),
    lastSalePrice: num.optional(),
    hoa: z.strictObject({ fee: num.optional() }).optional(),
    features: z.record(str, scalars).optional(),
    taxAssessments: z.record(str, z.strictObject({ year: num.optional(), value: num.optional(), land: num.optional(), improvements: num.optional() })).optional(),
    propertyTaxes: z.record(str, z.strictObject({ year: num.optional(), total: num.optional() })).optional(),
    history: z.record(str, z.strictObject({ event: str.optional(), date: str.optional(), price: num.optional() })).optional(),
    owner: z
      .strictObject({
        names: z.array(str).optional(),
        type: str.optional(),
        mailingAddress: z.strictObject({ ...rentCastRecordFields }).optional(),
      })
      .optional(),
    ownerOccupied: z.boolean().optional(),
  }),
);

export const rentCastError = z.strictObject({ status: num, error: str, message: str });
