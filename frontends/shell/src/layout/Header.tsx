import { Link, useLocation, useNavigate } from 'react-router';
import { appName, loginUrl, type AuthState } from '@hsa/ui-kit';
import { Logo } from '../components/Logo';
import { UserMenu } from './UserMenu';

/** The product header: name and logo (home), My Properties and the account menu, or Sign In. */
export function Header({ auth }: { auth: AuthState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label={`${appName} home`}>
          <Logo />
          <span className="brand__name">{appName}</span>
        </Link>
        <nav aria-label="Account" className="site-header__nav">
          {auth.isLoading ? null : auth.user ? (
            <>
              <button
                type="button"
                className="btn btn--ghost"
                aria-current={pathname === '/dashboard' ? 'page' : undefined}
                onClick={() => navigate('/dashboard')}
              >
                My Properties
              </button>
              <UserMenu user={auth.user} />
            </>
          ) : (
            <button type="button" className="btn btn--primary" onClick={() => window.location.assign(loginUrl())}>
              Sign In
            </button>
          )}
        </nav>
      </div>
    </header>
  );
}
