import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageSpinner } from '../components/PageSpinner';
import { RemoteUnavailable } from './RemoteUnavailable';
import { loadRemoteComponent } from './remoteRegistry';

export interface RemoteModuleProps {
  remote: string;
  module: string;
  /** What the user would see here, for the error message (e.g. "your properties"). */
  description: string;
}

/** Renders a page exposed by a remote; a remote that is missing or fails shows a friendly error. */
export function RemoteModule({ remote, module, description }: RemoteModuleProps) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo<ComponentType>(
    () => lazy(async () => ({ default: await loadRemoteComponent(remote, module) })),
    // A new lazy component per attempt: React caches a rejected import.
    [remote, module, attempt],
  );
  const retry = () => setAttempt((value) => value + 1);
  return (
    <ErrorBoundary
      resetKey={attempt}
      fallback={() => <RemoteUnavailable description={description} onRetry={retry} />}
    >
      <Suspense fallback={<PageSpinner label={`Loading ${description}…`} />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
