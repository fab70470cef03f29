import { useEffect, useState } from 'react';
import type { AddressPrediction } from '@hsa/contracts';
import { autocompleteRules, fetchAddressPredictions, shouldSearch } from './addressPredictions';

const noPredictions: AddressPrediction[] = [];

export interface AddressPredictionsState {
  predictions: AddressPrediction[];
  /** A search is waiting for its debounce or its answer. */
  searching: boolean;
}

/**
 * Suggestions for the text being typed: nothing under 3 characters, one search 300 ms after the last
 * keystroke, at most 5 results. An older answer never replaces a newer one (its request is aborted).
 * A failed search (e.g. 429 when typing very fast) just shows no suggestions. Each search carries the address box's
 * session token, when it has one.
 */
export function useAddressPredictions(text: string, enabled = true, sessionToken?: string): AddressPredictionsState {
  const [state, setState] = useState<AddressPredictionsState & { for: string }>({ predictions: noPredictions, searching: false, for: '' });
  const searchable = enabled && shouldSearch(text);

  useEffect(() => {
    if (!searchable) {
      setState({ predictions: noPredictions, searching: false, for: '' });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, searching: true }));
    const timer = setTimeout(() => {
      fetchAddressPredictions(text, controller.signal, sessionToken).then(
        (predictions) => setState({ predictions, searching: false, for: text }),
        () => {
          if (!controller.signal.aborted) setState({ predictions: noPredictions, searching: false, for: text });
        },
      );
    }, autocompleteRules.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // A new session token alone starts no search: the next keystroke carries it.
  }, [text, searchable]);

  return { predictions: searchable ? state.predictions : noPredictions, searching: searchable && state.searching };
}
