import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { clearPendingAddress, pendingAddressUrl, readDemoProperty, readPendingAddress, useAuth } from '@hsa/ui-kit';
import { PageSpinner } from '../components/PageSpinner';
import { decideHomeView } from '../routing/homeView';
import WizardPage, { LandingPage } from './WizardPages';
import DashboardPage from './DashboardPage';

/** `/`: the landing page, the wizard (demo or not) or the dashboard (see decideHomeView). */
export function HomePage() {
  const auth = useAuth();
  const [query] = useSearchParams();
  // The likely page's code is already on its way: the shell starts it from the URL (routing/firstPageDownloads.ts).
  switch (decideHomeView(auth, query)) {
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
