import { Card, Skeleton } from 'antd';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '@hsa/ui-kit';
import { decideWizardRoute } from '../domain/wizardRoute';
import { LockAudienceContext } from '../components/lockMessages';
import { Wizard } from '../wizard/Wizard';
import '../wizard.css';

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
        <Card aria-busy="true" aria-label="Loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  const route = decideWizardRoute({ pathname, query, isAuthenticated: auth.isAuthenticated });
  if (route.kind === 'redirect') return <Navigate replace to={route.to} />;
  return (
    <div className="wz-page">
      {/* Demo mode's locks speak to visitors, or to a signed-in user whose demo property is not saved yet. */}
      <LockAudienceContext.Provider value={route.signedIn ? 'unsaved' : 'visitor'}>
        <Wizard key={`${pathname}${search}`} view={route} />
      </LockAudienceContext.Provider>
    </div>
  );
}
