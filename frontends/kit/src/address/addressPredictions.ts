import type { AddressAutocompleteResponse, AddressPrediction } from '@hsa/contracts';
import { apiRequest } from '../api/apiRequest';

/** The spec's autocomplete constants (sections 4, 5 and 9). */
export const autocompleteRules = {
  /** Searches only from this many characters. */
  minChars: 3,
  /** Waits this long after the last keystroke before searching. */
  debounceMs: 300,
  /** Shows at most this many suggestions. */
  maxSuggestions: 5,
  /** Looks the address up this long after a suggestion is chosen. */
  lookupDelayMs: 100,
} as const;

/** True when the text is long enough to search for (3 characters, not counting outer spaces). */
export function shouldSearch(text: string): boolean {
  return text.trim().length >= autocompleteRules.minChars;
}

/**
 * GET /api/address-autocomplete?input=&sessionToken=: the first 5 predictions, [] when the answer is not a success.
 * `sessionToken` names the address box's session (see placesSession.ts).
 */
export async function fetchAddressPredictions(text: string, signal?: AbortSignal, sessionToken?: string): Promise<AddressPrediction[]> {
  const url = `/api/address-autocomplete?input=${encodeURIComponent(text.trim())}${sessionToken ? `&sessionToken=${encodeURIComponent(sessionToken)}` : ''}`;
  const body = signal
    ? await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal }).then(async (response) => {
        if (!response.ok) throw new Error(`${response.status}: ${await response.text().catch(() => '')}`);
        return (await response.json()) as AddressAutocompleteResponse;
      })
    : await apiRequest<AddressAutocompleteResponse>('GET', url);
  if (!body?.success || !Array.isArray(body.predictions)) return [];
  return body.predictions
    .filter((p) => typeof p?.description === 'string' && typeof p?.place_id === 'string')
    .slice(0, autocompleteRules.maxSuggestions);
}
