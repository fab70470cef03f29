import { unknownFacts, type Property } from '@hsa/contracts';
import { clearDemoState, type DemoProperty, type StoredDemoProperty } from '@hsa/ui-kit';
import { lookupAddress } from '../api/lookup';
import { draftStore } from '../api/draftStore';
import { useCreateProperty } from '../api/properties';
import { canSaveDemoProperty } from '../domain/demoRules';
import { factsNeededToast, type ToastText } from '../domain/messages';
import { factWords, fromDemoProperty, toCreateBody, UnknownFactsError } from '../domain/wizardProperty';
import { wizardUrl } from '../domain/wizardRoute';

/** The demo property lacks the address, city or state a save needs (spec section 5). */
export class MissingDemoDataError extends Error {
  constructor() {
    super('No property data found to save.');
    this.name = 'MissingDemoDataError';
  }
}

/**
 * The demo property with its estimate: the demo never received it (the API gives it to signed-in users only), so
 * the signed-in save asks for the same home again (its place id) and keeps the figures of that answer.
 */
async function withEstimate(property: DemoProperty): Promise<DemoProperty> {
  if (!property.estimateWithheld) return property;
  const outcome = await lookupAddress({ address: property.address, ...(property.placeId ? { placeId: property.placeId } : {}) });
  if (outcome.kind !== 'found' || outcome.property.address !== property.address) return property;
  const { estimatedValue, estimatedValueLow, estimatedValueHigh } = outcome.property;
  return { ...property, estimatedValue, estimatedValueLow, estimatedValueHigh, estimateWithheld: false };
}

/**
 * Saves the demo property to the account (POST /api/properties) and, once saved, forgets demo mode. Used by
 * the post-login auto-save, Save Now and the save-property page; each shows its own messages.
 */
export function useDemoSave() {
  const create = useCreateProperty();
  const save = async (entry: StoredDemoProperty | null): Promise<Property> => {
    if (!entry || !canSaveDemoProperty(entry.property)) throw new MissingDemoDataError();
    // A fact the product does not know is asked for (UnknownFactsError), never saved as a made-up default.
    const unknown = unknownFacts(fromDemoProperty(entry.property));
    if (unknown.length) throw new UnknownFactsError(unknown);
    const property = await create.mutateAsync({ body: toCreateBody(fromDemoProperty(await withEstimate(entry.property))) });
    clearDemoState();
    return property;
  };
  return { save, isPending: create.isPending };
}

/**
 * The demo property some of whose facts the product does not know: it becomes the signed-in owner's draft at the
 * details step, which asks for them (its fields are empty) and saves it. Answers where to go and what to say.
 */
export function askForUnknownFacts(entry: StoredDemoProperty, error: UnknownFactsError): { to: string; toast: ToastText } {
  draftStore.set({ ...fromDemoProperty(entry.property), id: null });
  return { to: wizardUrl({ demo: false, signedIn: true, propertyId: null, step: 1.5 }), toast: factsNeededToast(factWords(error.facts)) };
}
