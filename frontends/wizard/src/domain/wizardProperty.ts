import type { Coordinates, CreatePropertyInput, LookupProperty, Property, PropertyType, LookupEvidence } from '@hsa/contracts';
import { propertyFormDefaults, type DemoProperty, type PropertyFormValues } from '@hsa/ui-kit';

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
  /**
   * The comparables the lookup's estimate used and the home's sale history, from that same valuation (demo and
   * drafts); null for a saved property, whose comparables are asked for by its id.
   */
  evidence: LookupEvidence | null;
  /** The demo: the home has an estimate, which the API gives to signed-in users only (estimatedValue is null). */
  estimateWithheld: boolean;
}

export function fromSavedProperty(property: Property): WizardProperty {
  return { ...property, dataSource: null, evidence: null, estimateWithheld: false };
}

export function fromLookup(
  property: LookupProperty,
  dataSource: string | null,
  evidence: LookupEvidence | null,
  id: string | null = null,
  estimateWithheld = false,
): WizardProperty {
  return {
    id,
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    squareFootage: property.squareFootage,
    yearBuilt: property.yearBuilt,
    propertyType: property.propertyType,
    additionalInfo: null,
    estimatedValue: property.estimatedValue,
    estimatedValueLow: property.estimatedValueLow,
    estimatedValueHigh: property.estimatedValueHigh,
    lotSize: property.lotSize,
    coordinates: property.coordinates,
    placeId: property.placeId || null,
    dataSource,
    evidence,
    estimateWithheld,
  };
}

export function fromDemoProperty(demo: DemoProperty): WizardProperty {
  const evidence = demo.comparables ? { comparables: demo.comparables, saleHistory: demo.saleHistory ?? [] } : null;
  // Entries stored before lot size and year built were answered as null may lack them.
  const facts = { ...demo, yearBuilt: demo.yearBuilt ?? null, lotSize: demo.lotSize ?? null };
  return fromLookup(facts, demo.dataSource, evidence, demo.id, demo.estimateWithheld ?? false);
}

/** A draft for manual entry after a failed lookup: only the address the visitor typed. */
export function manualDraft(address: string): WizardProperty {
  return {
    id: null,
    address: address.trim(),
    city: '',
    state: '',
    zipCode: '',
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
    evidence: null,
    estimateWithheld: false,
  };
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

/** The facts a valuation is computed from: when one changes, the estimate (and its comparables) must be computed again. */
const valuationFacts = ['bedrooms', 'bathrooms', 'squareFootage', 'yearBuilt', 'propertyType', 'lotSize'] as const;
type ValuationFacts = { [K in (typeof valuationFacts)[number]]?: WizardProperty[K] | undefined };

/** Does `next` state a valuation fact other than `current`'s? (Facts `next` leaves out are unchanged.) */
export function valuationFactsDiffer(current: ValuationFacts, next: ValuationFacts): boolean {
  return valuationFacts.some((key) => next[key] !== undefined && (next[key] ?? null) !== (current[key] ?? null));
}

/** Was the property's estimate made for other facts than the form's? Then the saved facts are valued again. */
export function estimateIsStale(property: WizardProperty, form: CreatePropertyInput | undefined): boolean {
  return form !== undefined && property.estimatedValue !== null && valuationFactsDiffer(property, form);
}

/**
 * The POST /api/properties body for a property: the form's fields (when given) over the property's own,
 * plus what only the lookup knows (estimate, lot size, coordinates, place id). An estimate made for other facts
 * than the form's is left out: the saved facts are valued again (useCreateProperty), so the estimate shown and the
 * comparables shown come from one valuation of the same facts.
 */
export function toCreateBody(property: WizardProperty, form?: CreatePropertyInput): CreatePropertyInput {
  const values = toFormValues(property);
  const stale = estimateIsStale(property, form);
  return {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: values.bedrooms!,
    bathrooms: values.bathrooms!,
    squareFootage: values.squareFootage!,
    yearBuilt: property.yearBuilt,
    propertyType: property.propertyType,
    additionalInfo: property.additionalInfo,
    ...form,
    estimatedValue: stale ? null : property.estimatedValue,
    estimatedValueLow: stale ? null : property.estimatedValueLow,
    estimatedValueHigh: stale ? null : property.estimatedValueHigh,
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
