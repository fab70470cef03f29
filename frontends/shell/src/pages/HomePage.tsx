import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@hsa/ui-kit';
import { NeedsAntd } from '../antd/AntdHost';
import { PageSpinner } from '../components/PageSpinner';
import { decideHomeView } from '../routing/homeView';
import { LandingPage } from './LandingPage';

const DashboardPage = lazy(() => import('./DashboardPage'));
const WizardPage = lazy(() => import('./WizardPage'));
const DemoWizardPage = lazy(() => import('./DemoWizardPage'));

/** `/`: the landing page, the demo wizard, the wizard or the dashboard (see decideHomeView). */
export function HomePage() {
  const auth = useAuth();
  const [query] = useSearchParams();
  switch (decideHomeView(auth, query)) {
    case 'loading':
      return <PageSpinner />;
    case 'landing':
      return <LandingPage />;
    case 'demo-wizard':
      return <DemoWizardPage />;
    case 'wizard':
      return (
        <NeedsAntd>
          <WizardPage />
        </NeedsAntd>
      );
    case 'dashboard':
      return <DashboardPage />;
  }
}
