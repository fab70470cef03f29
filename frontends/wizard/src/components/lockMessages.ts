import { createContext, useContext } from 'react';

/**
 * Who sees demo mode's locks: a visitor (signing in unlocks them) or a signed-in user whose demo property is not
 * saved yet, after a failed auto-save (saving unlocks them: they are never told to sign in).
 */
export type LockAudience = 'visitor' | 'unsaved';

export const LockAudienceContext = createContext<LockAudience>('visitor');

const lockMessages = {
  visitor: {
    estimate: "Sign in to see this home's estimated value",
    comparables: (plural: string) => `Sign in to see the comparable ${plural} and the map`,
    valueHistory: "Sign in to see how this home's value moved over the years",
    saleHistory: "Sign in to see this home's sale history",
    /** In place of a figure in a list of facts. */
    short: 'Sign in',
    neighborhood: 'Family life, walkability, dining and the local market, for signed-in owners.',
    photos: 'Sign in and save this property to add photos of each room.',
    section: 'Sign in to unlock this section',
    callToAction: 'Sign in to keep this property, see its full analysis and unlock recommendations and a listing.',
  },
  unsaved: {
    estimate: "Save this property to see this home's estimated value",
    comparables: (plural: string) => `Save this property to see the comparable ${plural} and the map`,
    valueHistory: "Save this property to see how this home's value moved over the years",
    saleHistory: "Save this property to see this home's sale history",
    short: 'Save to see',
    neighborhood: 'Family life, walkability, dining and the local market, once this property is saved to your account.',
    photos: 'Save this property to add photos of each room.',
    section: 'Save this property to unlock this section',
    callToAction: 'Save it to your account to see its full analysis and unlock recommendations and a listing.',
  },
} as const;

/** The words of the locks for whoever sees them. */
export function useLockMessages() {
  return lockMessages[useContext(LockAudienceContext)];
}
