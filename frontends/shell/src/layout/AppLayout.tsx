import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { appName, useAuth } from '@hsa/ui-kit';
import { AntdFrameSlot, AntdHost } from '../antd/AntdHost';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageError } from '../components/PageError';
import { PageSpinner } from '../components/PageSpinner';
import { Header } from './Header';
import { NavigationProgress } from './NavigationProgress';

// Only signed-in users get live updates, so the event stream code loads with the first sign-in.
const LiveUpdates = lazy(() => import('./LiveUpdates'));

/** The frame of every page: skip link, header, main landmark with the page, footer. */
export function AppLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header auth={auth} />
      <NavigationProgress />
      <main id="main" className="app__main" tabIndex={-1}>
        <AntdHost>
          <ErrorBoundary resetKey={pathname} fallback={(_error, reset) => <PageError onRetry={reset} />}>
            {/* Above the slot, which may move the page into antd's frame: navigations (transitions) keep the page
                on screen while the next one loads, so this spinner shows only on a first load. */}
            <Suspense fallback={<PageSpinner />}>
              <AntdFrameSlot>
                <Outlet />
              </AntdFrameSlot>
            </Suspense>
          </ErrorBoundary>
        </AntdHost>
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <span>
            © {new Date().getFullYear()} {appName}
          </span>
          <span>Estimates are for guidance only and are not an appraisal.</span>
        </div>
      </footer>
      {auth.isAuthenticated ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
    </div>
  );
}
