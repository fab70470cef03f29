import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { App, ConfigProvider } from 'antd';
import { theme } from './theme';
import { toastConfig } from './feedback/toast';
import { ToastRequests } from './feedback/ToastRequests';

/**
 * Browser APIs jsdom lacks but antd uses (responsive grid, scroll locking). Call once per test
 * file before rendering antd components.
 */
export function installJsdomShims(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

/** Shows the current path and query, so tests can see where a click navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * What the shell gives a page: the QueryClient, antd's theme and toast holder (also showing requested toasts), and a router (in
 * memory, starting at `path`).
 */
export function TestProviders({ queryClient, children, path = '/' }: { queryClient: QueryClient; children: ReactNode; path?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <App notification={toastConfig}>
          <ToastRequests />
          <MemoryRouter initialEntries={[path]}>
            {children}
            <LocationProbe />
          </MemoryRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** A JSON Response, for stubbing fetch at the network boundary. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
