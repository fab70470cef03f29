import { manualDraft, type WizardProperty } from '../domain/wizardProperty';

/**
 * The draft for manual entry of `address`, with the city, state and ZIP code the text holds. The address parser
 * loads only here, when a lookup found nothing; if it cannot load, the seller types those parts as before.
 */
export async function manualDraftFor(address: string): Promise<WizardProperty> {
  try {
    const { addressParts } = await import('../domain/addressParts');
    return manualDraft(address, addressParts(address));
  } catch (error) {
    console.warn('The address parser could not run; the city, state and ZIP are left for the seller to type.', error);
    return manualDraft(address);
  }
}
