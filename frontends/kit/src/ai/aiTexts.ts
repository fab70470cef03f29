/**
 * The texts of the AI features: rotating progress messages (recommendations and listings every 3 s, the
 * neighborhood card every 2 s) and the spec's toasts for these calls. Where the wizard generates inline it
 * uses the shorter recommendation set and the wizard's toast wording; the pages use the others.
 */

export const rotation = {
  generatingMs: 3000,
  neighborhoodMs: 2000,
} as const;

/** Twelve, for the Recommendations page. */
export const recommendationPageMessages = [
  'Walking through every room with a clipboard…',
  'Checking which upgrades buyers pay for…',
  'Comparing job costs with published resale values…',
  'Measuring twice, estimating once…',
  'Sizing up the curb appeal…',
  'Crunching the return on each project…',
  'Peeking behind the kitchen cabinets…',
  'Weighing the roof against the windows…',
  "Scaling the figures to your home's size…",
  'Adjusting for local prices…',
  'Sorting ideas into high, medium and low priority…',
  'Putting the finishing touches on your plan…',
] as const;

/** Eight, where the wizard generates recommendations inline. */
export const recommendationWizardMessages = [
  'Walking through every room with a clipboard…',
  'Checking which upgrades buyers pay for…',
  'Comparing job costs with published resale values…',
  'Sizing up the curb appeal…',
  'Crunching the return on each project…',
  'Adjusting for local prices…',
  'Sorting ideas by priority…',
  'Putting the finishing touches on your plan…',
] as const;

/** Twelve, while a listing description is written. */
export const listingMessages = [
  'Finding the right words for your home…',
  'Counting bedrooms and bathrooms…',
  'Polishing the opening line…',
  'Highlighting what makes it special…',
  'Checking every fact against your details…',
  'Choosing words buyers love…',
  'Trimming the fluff…',
  'Picking the key selling points…',
  'Making the square footage sound as good as it is…',
  'Adding a warm welcome…',
  'Proofreading twice…',
  'Almost ready to list…',
] as const;

/** Ten, while the neighborhood card loads. */
export const neighborhoodMessages = [
  'Exploring the neighborhood…',
  'Looking up recent sales nearby…',
  'Checking what similar homes sold for…',
  'Measuring price per square foot…',
  'Reading the house price index…',
  'Mapping the local market…',
  'Comparing homes like yours…',
  'Looking for school and park data…',
  'Taking a walk around the block…',
  'Putting the neighborhood picture together…',
] as const;

export type AiVariant = 'page' | 'wizard';

export interface ToastText {
  title: string;
  description?: string;
}

/** The spec's error catalogue and success toasts for the AI calls. */
export const aiToasts = {
  recommendations: {
    page: {
      success: { title: 'Recommendations Generated' },
      error: { title: 'Error', description: 'Failed to generate recommendations. Please try again.' },
    },
    wizard: {
      success: { title: 'Analysis Complete' },
      error: { title: 'Analysis Error', description: 'Unable to generate recommendations. Please try again or continue without AI analysis.' },
    },
  },
  listing: {
    page: {
      success: { title: 'Listing Generated' },
      error: { title: 'Error', description: 'Failed to generate listing. Please try again.' },
    },
    wizard: {
      success: { title: 'Listing Description Complete' },
      error: { title: 'Generation Failed', description: 'Unable to generate listing description. Please try again.' },
    },
  },
  copied: { title: 'Copied to clipboard' },
  copyFailed: { title: 'Error', description: 'Could not copy to the clipboard. Please select the text and copy it.' },
  listingSaved: { title: 'Listing Updated' },
  listingSaveFailed: { title: 'Error', description: 'Failed to save listing. Please try again.' },
} satisfies Record<string, unknown>;

export const neighborhoodError = 'Unable to load neighborhood insights. Property coordinates may be required.';
export const neighborhoodLoginLabel = 'Login to View Neighborhood Analysis';

/** Progress bar ceiling of the potential value increase (spec section 9). */
export const valueIncreaseCeiling = 50_000;
/** The projected value animates over this long, eased. */
export const valueAnimationMs = 1000;
