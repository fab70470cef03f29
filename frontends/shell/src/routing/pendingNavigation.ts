import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

let latestKey: string | null = null;
const listeners = new Set<() => void>();

/**
 * The latest location the router was asked for (ShellRouter calls this). Its navigations are transitions: the page
 * on screen (useLocation) stays until the next one is ready, so a difference between the two is a navigation under way.
 */
export function noteLatestLocation(key: string): void {
  if (key === latestKey) return;
  latestKey = key;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the next page loads behind the one on screen (false when no router is followed). */
export function useNavigationPending(): boolean {
  const shown = useLocation().key;
  const latest = useSyncExternalStore(subscribe, () => latestKey);
  return latest !== null && latest !== shown;
}
