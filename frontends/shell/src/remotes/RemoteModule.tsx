import { use, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { loadRemoteComponent, retryRemoteComponent } from './remoteRegistry';

export interface RemoteModuleProps {
  remote: string;
  module: string;
  /** What the user would see here, for the error message (e.g. "your properties"). */
  description: string;
}

/**
 * Renders a page exposed by a remote; a remote that is missing or fails shows a friendly error. While it loads it
 * suspends to the layout's boundary, which keeps the previous page on screen during a navigation.
 */
export function RemoteModule({ remote, module, description }: RemoteModuleProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    retryRemoteComponent(remote, module);
    setAttempt((value) => value + 1);
  };
  return (
    <ErrorBoundary
      resetKey={attempt}
      fallback={() => <RemoteUnavailable description={description} onRetry={retry} />}
    >
      <RemotePage remote={remote} module={module} />
    </ErrorBoundary>
  );
}

/** The registry answers one promise per module (a failed one until Try Again). */
function RemotePage({ remote, module }: Pick<RemoteModuleProps, 'remote' | 'module'>) {
  const Page = use(loadRemoteComponent(remote, module));
  return <Page />;
}
