import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageError } from './PageError';

/** The router's last line of defence: the layout itself failed. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('The page failed to render', error), [error]);
  return (
    <main id="main" className="app__main">
      <PageError onRetry={() => window.location.reload()} />
    </main>
  );
}
