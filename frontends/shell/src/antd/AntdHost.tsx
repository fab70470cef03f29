import { Suspense, lazy, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { listenForToastRequests } from '@hsa/ui-kit';
import { PageSpinner } from '../components/PageSpinner';
import { AntdReadyContext, RequestAntdContext } from './antdContext';
import { toastBridge } from './toastBridge';

const AntdFrame = lazy(() => import('./AntdFrame'));

/**
 * Wraps the pages in AntdFrame once any page asks for antd. The landing page and the placeholder
 * pages are plain React, so a first visit does not download antd (the largest shared library).
 */
export function AntdHost({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const request = useCallback(() => setWanted(true), []);
  useEffect(() => toastBridge.onAntdRequested(request), [request]);
  // Toasts asked for by antd-free pages (e.g. the wizard's landing page) go through the same bridge.
  useEffect(() => listenForToastRequests((toast) => toastBridge.show(toast)), []);
  return (
    <RequestAntdContext.Provider value={request}>
      {wanted ? (
        <Suspense fallback={<PageSpinner />}>
          <AntdFrame>{children}</AntdFrame>
        </Suspense>
      ) : (
        children
      )}
    </RequestAntdContext.Provider>
  );
}

/** Renders its children inside AntdFrame, loading antd first if needed. */
export function NeedsAntd({ children }: { children: ReactNode }) {
  const ready = useContext(AntdReadyContext);
  const request = useContext(RequestAntdContext);
  useEffect(() => {
    if (!ready) request();
  }, [ready, request]);
  return ready ? children : <PageSpinner />;
}
