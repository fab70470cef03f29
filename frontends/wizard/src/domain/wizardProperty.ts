import type { Coordinates, CreatePropertyInput, LookupProperty, Property, PropertyType } from '@hsa/contracts';
import { propertyFormDefaults, type DemoProperty, type PropertyFormValues } from '@hsa/ui-kit';
// Only the type: the parser itself loads on demand (see wizard/manualEntry.ts).
import type { AddressParts } from './addressParts';

/**
 * The property the wizard is working on, whichever it is: a saved one, the demo property of this
 * browser session, or a draft from a lookup (or typed by hand) that is not saved yet.
 */
export interface WizardProperty {
  /** The saved property's id; 'demo-property' for the demo; null for a draft. */
  id: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFootage: number | null;
  yearBuilt: number | null;
  propertyType: PropertyType;
  additionalInfo: string | null;
  estimatedValue: number | null;
  estimatedValueLow: number | null;
  estimatedValueHigh: number | null;
  lotSize: number | null;
  coordinates: Coordinates | null;
  placeId: string | null;
  /** Where the figures come from, when known (lookups say it; saved properties take it from their comparables). */
  dataSource: string | null;
}

export function fromSavedProperty(property: Property): WizardProperty {
  return { ...property, dataSource: null };
}

export function fromLookup(property: LookupProperty, dataSource: string | null, id: string | null = null): WizardProperty {
  return {
    id,
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    squareFootage: property.squareFootage,
    yearBuilt: property.yearBuilt ?? null,
    propertyType: property.propertyType,
    additionalInfo: null,
    estimatedValue: property.estimatedValue,
    estimatedValueLow: property.estimatedValueLow,
    estimatedValueHigh: property.estimatedValueHigh,
    lotSize: property.lotSize ?? null,
    coordinates: property.coordinates,
    placeId: property.placeId || null,
    dataSource,
  };
}

export function fromDemoProperty(demo: DemoProperty): WizardProperty {
  return fromLookup(demo, demo.dataSource, demo.id);
}

/**
 * A draft for manual entry after a failed lookup: the address the visitor typed, and the city, state and ZIP code
 * that address holds (see addressParts), so they are not typed twice.
 */
export function manualDraft(address: string, parts: AddressParts = { city: '', state: '', zipCode: '' }): WizardProperty {
  return {
    id: null,
    address: address.trim(),
    city: parts.city,
    state: parts.state,
    zipCode: parts.zipCode,
    bedrooms: null,
    bathrooms: null,
    squareFootage: null,
    yearBuilt: null,
    propertyType: 'single_family',
    additionalInfo: null,
    estimatedValue: null,
    estimatedValueLow: null,
    estimatedValueHigh: null,
    lotSize: null,
    coordinates: null,
    placeId: null,
    dataSource: null,
  };
}

/** Is this a draft typed by hand (nothing came from a lookup: no estimate, no location)? */
export function isManualDraft(property: WizardProperty): boolean {
  return property.id === null && property.estimatedValue === null && property.coordinates === null && property.placeId === null;
}

/** The details form's starting values: the property's facts, the spec's defaults (4 / 2.5 / 2450) for unknown ones. */
export function toFormValues(property: WizardProperty): Partial<PropertyFormValues> {
  return {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms ?? propertyFormDefaults.bedrooms,
    bathrooms: property.bathrooms ?? propertyFormDefaults.bathrooms,
    squareFootage: property.squareFootage ?? propertyFormDefaults.squareFootage,
    yearBuilt: property.yearBuilt,
    propertyType: property.propertyType,
    additionalInfo: property.additionalInfo ?? '',
  };
}

/**
 * The POST /api/properties body for a property: the form's fields (when given) over the property's own,
 * plus what only the lookup knows (estimate, lot size, coordinates, place id).
 */
export function toCreateBody(property: WizardProperty, form?: CreatePropertyInput): CreatePropertyInput {
  const defaults = propertyFormDefaults;
  return {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms ?? defaults.bedrooms,
    bathrooms: property.bathrooms ?? defaults.bathrooms,
    squareFootage: property.squareFootage ?? defaults.squareFootage,
    yearBuilt: property.yearBuilt,
    propertyType: property.propertyType,
    additionalInfo: property.additionalInfo,
    ...form,
    estimatedValue: property.estimatedValue,
    estimatedValueLow: property.estimatedValueLow,
    estimatedValueHigh: property.estimatedValueHigh,
    lotSize: property.lotSize,
    coordinates: property.coordinates,
    placeId: property.placeId,
  };
}

/** The PATCH /api/properties/{id} body from the details form: the editable fields (the address is read-only). */
export function toUpdateBody(form: CreatePropertyInput): Omit<CreatePropertyInput, 'address'> {
  const { address: _address, ...edited } = form;
  return edited;
}
