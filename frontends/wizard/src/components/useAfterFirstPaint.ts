import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first render, then true, set in a transition right after it: what a page shows below the
 * fold renders once what is above it has been painted, in slices that leave the browser free to paint and respond.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
