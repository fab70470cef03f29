import type { Property } from '@hsa/contracts';
import { clearDemoState, type StoredDemoProperty } from '@hsa/ui-kit';
import { useCreateProperty } from '../api/properties';
import { canSaveDemoProperty } from '../domain/demoRules';
import { fromDemoProperty, toCreateBody } from '../domain/wizardProperty';

/** The demo property lacks the address, city or state a save needs (spec section 5). */
export class MissingDemoDataError extends Error {
  constructor() {
    super('No property data found to save.');
    this.name = 'MissingDemoDataError';
  }
}

/**
 * Saves the demo property to the account (POST /api/properties) and, once saved, forgets demo mode. Used by
 * the post-login auto-save, Save Now and the save-property page; each shows its own messages.
 */
export function useDemoSave() {
  const create = useCreateProperty();
  const save = async (entry: StoredDemoProperty | null): Promise<Property> => {
    if (!entry || !canSaveDemoProperty(entry.property)) throw new MissingDemoDataError();
    const property = await create.mutateAsync(toCreateBody(fromDemoProperty(entry.property)));
    clearDemoState();
    return property;
  };
  return { save, isPending: create.isPending };
}
