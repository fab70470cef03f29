import { lazy } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { usePrefetchQuery } from '@tanstack/react-query';
import { queryKeys, useAuth } from '@hsa/ui-kit';
import { decideWizardRoute } from '../domain/wizardRoute';
import { LockAudienceContext } from '../components/lockMessages';
import { WizardLoading } from '../components/WizardLoading';
import '../wizard.css';

// The wizard (with antd) loads behind this page, which asks for a saved property meanwhile. No Suspense boundary of its
// own: the shell's keeps the page before on screen during a navigation, or shows its spinner on a first load.
const Wizard = lazy(() => import('../wizard/Wizard').then(({ Wizard }) => ({ default: Wizard })));

/**
 * Asks for a saved property and its comparables while the wizard's code loads, rather than after (the wizard reads
 * the same queries): the value card's source line, the step's largest text, is painted with the card, not a round
 * trip after it.
 */
function SavedPropertyPrefetch({ propertyId }: { propertyId: string }) {
  usePrefetchQuery({ queryKey: queryKeys.property(propertyId) });
  usePrefetchQuery({ queryKey: queryKeys.comparables(propertyId) });
  return null;
}

/**
 * The analysis wizard (exposed as ./WizardPage): `/` with propertyId, fromLogin, address or demo in the
 * query, and `/add-property`. Each URL gets a fresh wizard, so every step can be reloaded and shared.
 */
export default function WizardPage() {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const [query] = useSearchParams();
  if (auth.isLoading) {
    return (
      <div className="wz-page">
        <WizardLoading />
      </div>
    );
  }
  const route = decideWizardRoute({ pathname, query, isAuthenticated: auth.isAuthenticated });
  if (route.kind === 'redirect') return <Navigate replace to={route.to} />;
  return (
    <div className="wz-page">
      {route.propertyId ? <SavedPropertyPrefetch propertyId={route.propertyId} /> : null}
      {/* Demo mode's locks speak to visitors, or to a signed-in user whose demo property is not saved yet. */}
      <LockAudienceContext.Provider value={route.signedIn ? 'unsaved' : 'visitor'}>
        <Wizard key={`${pathname}${search}`} view={route} />
      </LockAudienceContext.Provider>
    </div>
  );
}
