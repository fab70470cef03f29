import { Suspense, lazy } from 'react';
import { Skeleton, type ResultProps } from 'antd';

// Result carries large illustrations and is never part of the dashboard's first view (errors, signed out).
const ResultPanel = lazy(() => import('./ResultPanel'));

/** antd's Result, loaded the first time one is shown; a skeleton (busy for assistive technology) meanwhile. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-busy="true" aria-label="Loading" style={{ padding: '48px 32px' }}>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      }
    >
      <ResultPanel {...props} />
    </Suspense>
  );
}
