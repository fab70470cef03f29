import { lazy, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@hsa/ui-kit';
import { PageSpinner } from '../components/PageSpinner';
import { prefetchRemoteComponent } from '../remotes/remoteRegistry';
import { decideHomeView, mayShowLanding } from '../routing/homeView';
import WizardPage, { LandingPage, wizardModules, wizardRemote } from './WizardPages';

const DashboardPage = lazy(() => import('./DashboardPage'));

/** `/`: the landing page, the wizard (demo or not) or the dashboard (see decideHomeView). */
export function HomePage() {
  const auth = useAuth();
  const [query] = useSearchParams();
  const view = decideHomeView(auth, query);
  // While the current user loads, start fetching the landing page if it may be the one to show.
  const landingLikely = view === 'loading' && mayShowLanding(query);
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
      return <DashboardPage />;
  }
}
