import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { clearPendingAddress, pendingAddressUrl, readDemoProperty, readPendingAddress, useAuth } from '@hsa/ui-kit';
import { PageSpinner } from '../components/PageSpinner';
import { prefetchRemoteComponent } from '../remotes/remoteRegistry';
import { decideHomeView, landingIsLikely } from '../routing/homeView';
import WizardPage, { LandingPage, wizardModules, wizardRemote } from './WizardPages';
import DashboardPage from './DashboardPage';


/** `/`: the landing page, the wizard (demo or not) or the dashboard (see decideHomeView). */
export function HomePage() {
  const auth = useAuth();
  const [query] = useSearchParams();
  const view = decideHomeView(auth, query);
  // While the current user loads, start fetching the landing page if it is likely to be the one to show.
  const landingLikely = view === 'loading' && landingIsLikely(query);
  useEffect(() => {
    if (landingLikely) prefetchRemoteComponent(wizardRemote, wizardModules.landing);
  }, [landingLikely]);
  switch (view) {
    case 'loading':
      return <PageSpinner />;
    case 'landing':
      return <LandingPage />;
    case 'demo-wizard':
    case 'wizard':
      return <WizardPage />;
    case 'dashboard':
      return <SignedInHome />;
  }
}

/**
 * `/` signed in: the dashboard, unless a pending address waits in local storage (a sign-in that did not come
 * back to the wizard, e.g. the header's Sign In): then its analysis, `/?address=…`, and the address is forgotten
 * (spec section 4). A demo property of this session is the wizard's to save, after its own sign-in.
 */
function SignedInHome() {
  const [pending] = useState(() => (readDemoProperty() ? null : readPendingAddress()));
  useEffect(() => {
    if (pending) clearPendingAddress();
  }, [pending]);
  return pending ? <Navigate replace to={pendingAddressUrl(pending)} /> : <DashboardPage />;
}
