import { createPropertySchema, type CreatePropertyInput, type PropertyType } from '@hsa/contracts';

/**
 * What the property form holds while it is being edited. Square footage and year built are typed as text and hold
 * exactly what was typed until the form is sent, so nothing is rounded or clamped behind the seller's back.
 */
export interface PropertyFormValues {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFootage: number | string | null;
  yearBuilt: number | string | null;
  propertyType: PropertyType;
  additionalInfo: string;
}

/** The spec's form defaults: 4 bedrooms, 2.5 bathrooms, 2450 square feet. */
export const propertyFormDefaults = {
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
} as const satisfies PropertyFormValues;

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

// Digits with an optional decimal part; thousands may be grouped with commas ("2,450").
const numberText = /^[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/**
 * A typed number as the number it spells: '' is no value (null), "2,450" is 2450. Text that is not a number is
 * answered as it is, so the rules refuse it with their message ("… must be a number") instead of guessing.
 */
export function numberFromText(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  return numberText.test(text) ? Number(text.replace(/,/g, '')) : text;
}

const numericFields: ReadonlySet<FieldName> = new Set(['bedrooms', 'bathrooms', 'squareFootage', 'yearBuilt', 'lotSize']);

/**
 * Validates one form value with the API's own rules (@hsa/contracts), so the form and the server accept and refuse
 * the same values with the same messages. Answers the first problem's message, or null when the value is fine.
 */
export function validatePropertyField(field: FieldName, value: unknown): string | null {
  const input = numericFields.has(field) ? numberFromText(value) : value;
  const result = createPropertySchema.shape[field].safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** A field the form has validated: a number, or null for an optional one left empty. */
const validatedNumber = (value: unknown) => numberFromText(value) as number;

/** The body of POST /api/properties from the validated form: trimmed texts, numbers as the numbers typed. */
export function toCreatePropertyBody(values: PropertyFormValues): CreatePropertyInput {
  const additionalInfo = values.additionalInfo.trim();
  return {
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipCode: values.zipCode.trim(),
    bedrooms: validatedNumber(values.bedrooms),
    bathrooms: validatedNumber(values.bathrooms),
    squareFootage: validatedNumber(values.squareFootage),
    yearBuilt: numberFromText(values.yearBuilt) as number | null,
    propertyType: values.propertyType,
    additionalInfo: additionalInfo === '' ? null : additionalInfo,
  };
}
