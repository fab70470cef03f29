import { PageError } from './PageError';

/** The last line of defence: the layout itself failed (ErrorBoundary has logged the error). */
export function LayoutError() {
  return (
    <main id="main" className="app__main">
      <PageError onRetry={() => window.location.reload()} />
    </main>
  );
}
