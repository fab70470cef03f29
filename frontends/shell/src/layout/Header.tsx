import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { appName, loginUrl, signInToSave, type AuthState } from '@hsa/ui-kit';
import { Logo } from '../components/Logo';
import { isDemoView } from '../routing/homeView';
import { UserMenu } from './UserMenu';

/**
 * The product header: name and logo (home), My Properties and the account menu, or Sign In. In demo
 * mode (the URL's demo flag) Sign In becomes 'Sign In to Save': it keeps the demo property's address
 * for the post-login redirect, and the wizard saves the property after sign-in.
 */
export function Header({ auth }: { auth: AuthState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const demo = !auth.isLoading && !auth.user && isDemoView(auth, pathname, query);
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
          ) : demo ? (
            <button type="button" className="btn btn--primary" onClick={() => signInToSave()}>
              Sign In to Save
            </button>
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
