import type { PropertyType } from '@hsa/contracts';

const propertyTypeLabels: Record<PropertyType, string> = {
  single_family: 'Single Family',
  townhouse: 'Townhouse',
  condo: 'Condo',
  multi_family: 'Multi-Family',
  other: 'Other',
};

/** The human label of a property type: single_family -> "Single Family". */
export function propertyTypeLabel(type: PropertyType | string): string {
  return propertyTypeLabels[type as PropertyType] ?? type;
}

/** The street part of an address, i.e. the text before the first comma. */
export function streetPart(address: string): string {
  return (address.split(',')[0] ?? address).trim();
}

/** "Sacramento, CA 95814" */
export function cityStateZip(property: { city: string; state: string; zipCode: string }): string {
  return `${property.city}, ${property.state} ${property.zipCode}`.trim();
}
