import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

interface FollowedRouter {
  state: { location: { key: string } };
  subscribe(listener: (state: { location: { key: string } }) => void): () => void;
}

let latestKey: string | null = null;
const listeners = new Set<() => void>();

/**
 * Follows the router's latest location. Its navigations are transitions: the page on screen (useLocation) stays
 * until the next one is ready, so a difference between the two is a navigation under way.
 */
export function followRouter(router: FollowedRouter): () => void {
  latestKey = router.state.location.key;
  return router.subscribe((state) => {
    latestKey = state.location.key;
    for (const listener of listeners) listener();
  });
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
