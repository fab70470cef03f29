import { createPropertySchema, validationMessages, type CreatePropertyInput, type PropertyType } from '@hsa/contracts';

/** What the property form holds while it is being edited. */
export interface PropertyFormValues {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  bedrooms: number;
  bathrooms: number;
  squareFootage: number | null;
  yearBuilt: number | null;
  propertyType: PropertyType;
  additionalInfo: string;
}

/** The spec's form defaults: 4 bedrooms, 2.5 bathrooms, 2450 square feet. */
export const propertyFormDefaults: PropertyFormValues = {
  address: '',
  city: '',
  state: '',
  zipCode: '',
  bedrooms: 4,
  bathrooms: 2.5,
  squareFootage: 2450,
  yearBuilt: null,
  propertyType: 'single_family',
  additionalInfo: '',
};

export interface Choice {
  value: number;
  label: string;
}

/** Bedrooms 1 to 6+. */
export const bedroomChoices: Choice[] = [1, 2, 3, 4, 5, 6].map((value) => ({
  value,
  label: value === 6 ? '6+' : String(value),
}));

/** Bathrooms 1 to 4+ in steps of 0.5; 4+ has no half step. */
export const bathroomChoices: Choice[] = [1, 1.5, 2, 2.5, 3, 3.5, 4].map((value) => ({
  value,
  label: value === 4 ? '4+' : String(value),
}));

type FieldName = keyof typeof createPropertySchema.shape;
const specMessages: readonly string[] = Object.values(validationMessages);

/**
 * Validates one form value with the API's own schema (@hsa/contracts), so the form and the server
 * agree. Answers the first problem's message or null. A schema message that is not one of the
 * spec's is replaced by `fallback` when given (zod's generic texts are not written for people).
 */
export function validatePropertyField(field: FieldName, value: unknown, fallback?: string): string | null {
  const result = createPropertySchema.shape[field].safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? fallback ?? 'Invalid value';
  return fallback && !specMessages.includes(message) ? fallback : message;
}

/** The body of POST /api/properties from the form: trimmed texts, numbers as numbers. */
export function toCreatePropertyBody(values: PropertyFormValues): CreatePropertyInput {
  const additionalInfo = values.additionalInfo.trim();
  return {
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipCode: values.zipCode.trim(),
    bedrooms: Number(values.bedrooms),
    bathrooms: Number(values.bathrooms),
    squareFootage: Number(values.squareFootage),
    yearBuilt: values.yearBuilt === null ? null : Number(values.yearBuilt),
    propertyType: values.propertyType,
    additionalInfo: additionalInfo === '' ? null : additionalInfo,
  };
}
