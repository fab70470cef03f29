import { useNavigationPending } from '../routing/pendingNavigation';

/** A thin bar under the header while the next page loads behind the one on screen (after a short delay). */
export function NavigationProgress() {
  const pending = useNavigationPending();
  return pending ? <div className="nav-progress" role="progressbar" aria-label="Loading the next page" /> : null;
}
