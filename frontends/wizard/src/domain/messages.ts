/** A toast: the title and its description, as the spec's catalogue writes them ('Title: description'). */
export type ToastText = readonly [title: string, description: string];

/**
 * Every toast of the landing page, the wizard and save-property (spec section 8), word for word.
 * Where the spec shows only the start of a text ('…'), the rest is ours.
 */
export const toasts = {
  addressRequired: ['Address Required', 'Please enter a property address to analyze.'],
  selectCompleteAddress: ['Please Select Complete Address', 'Please select a full address from the suggestions dropdown for best results.'],
  landingNotFound: ['Property Not Found', "We couldn't find details for this address. Please check it, or choose one from the suggestions."],
  landingFailed: ['Analysis Failed', 'Something went wrong while analyzing this address. Please try again in a moment.'],
  propertyDataUnavailable: ['Property Data Unavailable', 'Unable to find authentic property data for this address. Please try a different address.'],
  propertyDetailsNeeded: ['Property Details Needed', 'Please enter your property details manually.'],
  lookupFailed: ['Lookup Failed', 'Please enter your property details manually.'],
  noPropertyData: ['Error', 'No property data found to save.'],
  unauthorized: ['Unauthorized', 'You are logged out. Logging in again...'],
  saveFailed: ['Save Failed', 'Unable to save property. Please try again.'],
  analyzeFailed: ['Error', 'Failed to analyze property. Please try again.'],
  updateFailed: ['Error', 'Failed to update property. Please try again.'],
  refreshFailed: ['Error', 'Failed to refresh valuation. Please try again.'],
  autoSaveFailed: ['Auto-save Failed', 'Property restored to demo mode. Use the Save Now button to try again.'],
  propertyFound: ['Property Found', 'Check the details below, then analyze the property.'],
  demoReady: ['Demo Property Analysis Ready', 'Sign in to save this property and see the full analysis.'],
  analysisComplete: ['Analysis Complete', 'Your property was saved and its analysis is ready.'],
  /** Saved, but the address is not in the sales data: no location, so no estimate, comparables or neighborhood. */
  savedWithoutLocation: ['Property Saved Successfully', 'Your property was saved, but there is no estimate for it: we have no sales data near this address.'],
  /** Saved with a location, but too few sales nearby for an estimate. */
  savedWithoutEstimate: ['Property Saved Successfully', 'Your property was saved, but there is no estimate for it yet: there were too few sales nearby.'],
  propertySavedSuccessfully: ['Property Saved Successfully', 'The property is now in your account.'],
  propertySaved: ['Property Saved!', 'Taking you to its analysis…'],
  propertyUpdated: ['Property Updated', 'Your changes were saved.'],
  valuationUpdated: ['Valuation Updated', 'The estimate now reflects the latest sales.'],
} as const satisfies Record<string, ToastText>;

/** The demo property could not be saved as it is: the product does not know some of its facts, so the owner is asked. */
export function factsNeededToast(facts: string): ToastText {
  return ['Property Details Needed', `Our data does not say this home's ${facts}. Enter ${facts.includes(' and ') ? 'them' : 'it'} to save the property.`];
}

/**
 * What a new property's save says: 'Analysis Complete' only when there is an analysis to see; otherwise that it was
 * saved, what is missing and why.
 */
export function savedToast(property: { estimatedValue: number | null; coordinates: unknown }): ToastText {
  if (property.estimatedValue !== null) return toasts.analysisComplete;
  return property.coordinates ? toasts.savedWithoutEstimate : toasts.savedWithoutLocation;
}

/** 'Save Failed: Unable to save property to your account: {reason}' */
export function saveFailedWithReason(reason: string): ToastText {
  return ['Save Failed', `Unable to save property to your account: ${reason}`];
}

/**
 * The reason inside an API error ('400: {"message":"City is required"}' -> 'City is required'), for
 * messages that show it to people.
 */
export function errorReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const body = text.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed?.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // Not JSON: the text itself is the reason.
  }
  return body || 'unknown error';
}
