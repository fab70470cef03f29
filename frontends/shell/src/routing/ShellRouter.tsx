import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { noteLatestLocation } from './pendingNavigation';

const history = createBrowserHistory({ v5Compat: true });

/**
 * The shell's router: react-router's declarative router over the browser's history (the product uses no loaders,
 * actions or fetchers, and the data router's code is 15 KB on the wire of every page). Navigations are transitions:
 * the page on screen stays until the next one is ready, while pendingNavigation knows a newer location is on its way.
 */
export function ShellRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => {
    noteLatestLocation(history.location.key);
    // A history has one listener: this one tells both the page (as a transition) and pendingNavigation.
    return history.listen((update) => {
      noteLatestLocation(update.location.key);
      startTransition(() => setState(update));
    });
  }, []);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
