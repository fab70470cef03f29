import { propertyFormDefaults, type PropertyFormValues } from '@hsa/ui-kit';
import type { WizardProperty } from './wizardProperty';

// Apart from wizardProperty.ts: the form's module brings the form's rules (zod), which only step 1.5 needs.

/**
 * The details form's starting values: the property's facts. A fact the product does not know for a home it found is
 * left empty, so the owner is asked for it (it is never shown as if it were found); only manual entry, where the owner
 * types the whole home, starts from the spec's form defaults (4 / 2.5 / 2450).
 */
export function toFormValues(property: WizardProperty, manual = false): Partial<PropertyFormValues> {
  const unknown: Partial<PropertyFormValues> = manual
    ? { bedrooms: propertyFormDefaults.bedrooms, bathrooms: propertyFormDefaults.bathrooms, squareFootage: propertyFormDefaults.squareFootage }
    : { bedrooms: undefined, bathrooms: undefined, squareFootage: null };
  return {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms ?? unknown.bedrooms,
    bathrooms: property.bathrooms ?? unknown.bathrooms,
    squareFootage: property.squareFootage ?? unknown.squareFootage ?? null,
    yearBuilt: property.yearBuilt,
    propertyType: property.propertyType,
    additionalInfo: property.additionalInfo ?? '',
  };
}
