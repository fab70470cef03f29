import { useSyncExternalStore } from 'react';
import type { WizardProperty } from '../domain/wizardProperty';

/**
 * The signed-in visitor's unsaved property between steps 1 and 1.5 (a lookup result, or an address for
 * manual entry). Module state, so it survives the page switch from `/?address=…` to `/add-property`;
 * a reload at step 1.5 without it goes back to step 1.
 */
let draft: WizardProperty | null = null;
const listeners = new Set<() => void>();

export const draftStore = {
  get: (): WizardProperty | null => draft,
  set(next: WizardProperty | null): void {
    draft = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useDraft(): WizardProperty | null {
  return useSyncExternalStore(draftStore.subscribe, draftStore.get, draftStore.get);
}
