import { knownFacts, unknownFacts, type CreatePropertyInput, type LookupProperty, type Property, type LookupEvidence, type RequiredFact } from '@hsa/contracts';
import type { DemoProperty } from '@hsa/ui-kit';
// Only the type: the parser itself loads on demand (see wizard/manualEntry.ts).
import type { AddressParts } from './addressParts';

/** A saved property's fields that a draft has too (the rest are the account's: owner, timestamps, archiving). */
type PropertyFields = Omit<Property, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'archived' | 'archivedAt' | 'bedrooms' | 'bathrooms' | 'squareFootage'>;

/**
 * The property the wizard is working on, whichever it is: a saved one, the demo property of this
 * browser session, or a draft from a lookup (or typed by hand) that is not saved yet.
 */
export interface WizardProperty extends PropertyFields {
  /** The saved property's id; 'demo-property' for the demo; null for a draft. */
  id: string | null;
  /** Unknown (null) until the owner enters them when the lookup's data does not give them. */
  bedrooms: number | null;
  bathrooms: number | null;
  squareFootage: number | null;
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
    evidence: null,
    estimateWithheld: false,
  };
}

/** Is this a draft typed by hand (nothing came from a lookup: no estimate, no location)? */
export function isManualDraft(property: WizardProperty): boolean {
  return property.id === null && property.estimatedValue === null && property.coordinates === null && property.placeId === null;
}

/** A property cannot be saved as it is: the product does not know these facts of it, so the owner is asked. */
export class UnknownFactsError extends Error {
  constructor(readonly facts: RequiredFact[]) {
    super(`The ${factWords(facts)} of this home are not known.`);
    this.name = 'UnknownFactsError';
  }
}

const factNames: Record<RequiredFact, string> = { bedrooms: 'bedrooms', bathrooms: 'bathrooms', squareFootage: 'square footage' };

/** "bedrooms", "bedrooms and square footage", "bedrooms, bathrooms and square footage". */
export function factWords(facts: readonly RequiredFact[]): string {
  const words = facts.map((fact) => factNames[fact]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** The property's required facts, when all are known; otherwise UnknownFactsError names the missing ones. */
function factsToSave(property: Pick<WizardProperty, RequiredFact>): Record<RequiredFact, number> {
  const facts = knownFacts(property);
  if (!facts) throw new UnknownFactsError(unknownFacts(property));
  return facts;
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
  // Without the form, the facts are the property's own: an unknown one is asked for, never filled with a default.
  const facts = form ?? factsToSave(property);
  const stale = estimateIsStale(property, form);
  return {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: facts.bedrooms,
    bathrooms: facts.bathrooms,
    squareFootage: facts.squareFootage,
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
