import { lazy, startTransition, use, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { listenForToastRequests } from '@hsa/ui-kit';
import { AntdHostContext, AntdReadyContext, type AntdHostApi, type FrameMode } from './antdContext';
import { loadAntdFrame } from './loadAntdFrame';
import { toastBridge } from './toastBridge';

const AntdFrame = lazy(loadAntdFrame);

type Wanted = Exclude<FrameMode, 'none'>;

/**
 * Loads antd (the largest shared library) only when something needs it, so a first visit to the landing page
 * does not download it. A toast asked for by an antd-free page mounts the frame beside the page, which stays
 * where it is (a typed address is kept); the first page that needs antd moves into the frame, once. One frame
 * keeps one toast holder for the whole visit.
 *
 * Both happen in a transition: while antd (or the next page) loads, the page on screen stays there instead of
 * giving way to a blank page with a spinner. This host holds the state, above the layout's Suspense boundary;
 * AntdFrameSlot, below it, places the page.
 */
export function AntdHost({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<FrameMode>('none');
  const framed = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  const api = useMemo<AntdHostApi>(() => {
    // Never during the render that asks (a state update of another component must wait for it to end).
    const ask = (wanted: Wanted) =>
      queueMicrotask(() => startTransition(() => setMode((current) => (current === 'page' ? current : wanted))));
    return {
      mode: 'none',
      requestToasts: () => ask('toasts'),
      whenPageFramed: () => {
        if (!framed.current) {
          let resolve = () => {};
          const promise = new Promise<void>((done) => (resolve = done));
          framed.current = { promise, resolve };
          ask('page');
        }
        return framed.current.promise;
      },
    };
  }, []);
  useEffect(() => {
    if (mode === 'page') framed.current?.resolve();
  }, [mode]);
  useEffect(() => toastBridge.onAntdRequested(api.requestToasts), [api]);
  // Toasts asked for by antd-free pages (e.g. the wizard's landing page) go through the same bridge.
  useEffect(() => listenForToastRequests((toast) => toastBridge.show(toast)), []);
  const value = useMemo(() => ({ ...api, mode }), [api, mode]);
  return <AntdHostContext.Provider value={value}>{children}</AntdHostContext.Provider>;
}

/**
 * Where the page goes: beside the frame (no antd, or its toast holder only), or inside it. The first page of a visit
 * moves in when it asks (NeedsAntd); after a navigation every page is in it from its first render, in the same
 * transition as the navigation, so the page being left stays on screen, untouched, until the next one is ready.
 */
export function AntdFrameSlot({ children }: { children: ReactNode }) {
  const { mode } = useContext(AntdHostContext);
  const { key } = useLocation();
  const [firstPage] = useState(key);
  const framed = mode === 'page' || key !== firstPage;
  return (
    <>
      {mode === 'none' && !framed ? null : <AntdFrame>{framed ? children : null}</AntdFrame>}
      {framed ? null : children}
    </>
  );
}

/**
 * Renders its children inside AntdFrame. Outside it, asks the host to move the page in and suspends meanwhile: the
 * layout's Suspense boundary keeps showing the previous page during a navigation (its spinner on a first load).
 */
export function NeedsAntd({ children }: { children: ReactNode }) {
  const ready = useContext(AntdReadyContext);
  const host = useContext(AntdHostContext);
  if (ready) return children;
  use(host.whenPageFramed());
  return null;
}
