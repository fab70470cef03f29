import { z } from 'zod';
import type * as common from './gen/common';
import { bathroomsSchema, bedroomsSchema, lotSizeSchema, squareFootageSchema, yearBuiltSchema } from './home-facts';
import { validationMessages as m } from './messages';
import { multiLine, singleLine } from './text';

export const propertyTypes = ['single_family', 'townhouse', 'condo', 'multi_family', 'other'] as const;
export const propertyTypeSchema = z.enum(propertyTypes);
export type PropertyType = z.infer<typeof propertyTypeSchema>;

/** Where a home is (common.v1.Coordinates). */
export type Coordinates = common.Coordinates;

export const coordinatesSchema = z.object({
  latitude: z.number().finite().min(-90).max(90),
  longitude: z.number().finite().min(-180).max(180),
}) satisfies z.ZodType<Coordinates>;

const requiredText = (label: string, message: string, max = 200) =>
  singleLine(z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`), label);

const maxDollars = 1_000_000_000;
const money = (label: string) =>
  z
    .number({ error: `${label} must be a number of dollars` })
    .int(`${label} must be a whole number of dollars`)
    .min(0, `${label} cannot be negative`)
    .max(maxDollars, `${label} must be at most $${maxDollars.toLocaleString('en-US')}`);

/** Body of POST /api/properties: the spec's full property form. */
export const createPropertySchema = z.object({
  address: requiredText('Address', m.addressRequired, 300),
  city: requiredText('City', m.cityRequired, 100),
  state: requiredText('State', m.stateRequired, 50),
  zipCode: requiredText('ZIP code', m.zipCodeRequired, 20),
  bedrooms: bedroomsSchema,
  bathrooms: bathroomsSchema,
  squareFootage: squareFootageSchema,
  yearBuilt: yearBuiltSchema.nullish(),
  propertyType: propertyTypeSchema.default('single_family'),
  additionalInfo: multiLine(z.string().max(5000, 'Additional information must be at most 5000 characters'), 'Additional information').nullish(),
  estimatedValue: money('Estimated value').nullish(),
  estimatedValueLow: money('Low estimate').nullish(),
  estimatedValueHigh: money('High estimate').nullish(),
  lotSize: lotSizeSchema.nullish(),
  coordinates: coordinatesSchema.nullish(),
  placeId: singleLine(z.string().max(300, 'placeId must be at most 300 characters'), 'placeId').nullish(),
});
export type CreatePropertyInput = z.input<typeof createPropertySchema>;
export type CreateProperty = z.output<typeof createPropertySchema>;

/** Body of PATCH /api/properties/{id}: any subset of the editable fields. */
export const updatePropertySchema = createPropertySchema
  .extend({ propertyType: propertyTypeSchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdatePropertyInput = z.input<typeof updatePropertySchema>;
export type UpdateProperty = z.output<typeof updatePropertySchema>;

/** The spec's Property entity as the API returns it. */
export interface Property {
  id: string;
  userId: string;
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
  coordinates: Coordinates | null;
  placeId: string | null;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt: string | null;
}

/** Property ids are UUIDs; anything else is answered with 404 without reaching a service. */
export const propertyIdSchema = z.string().uuid();
