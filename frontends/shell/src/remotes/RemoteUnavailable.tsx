import { useEffect } from 'react';
import { Link } from 'react-router';
import { AlertIcon } from '../components/icons';
import { Notice } from '../components/Notice';

/** The friendly error state of a remote that could not be loaded (never a blank page). */
export function RemoteUnavailable({ description, error, onRetry }: { description: string; error: Error; onRetry: () => void }) {
  useEffect(() => console.error(`Could not load ${description}`, error), [description, error]);
  return (
    <div className="container page">
      <Notice
        tone="error"
        icon={<AlertIcon />}
        title="This section is temporarily unavailable"
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={onRetry}>
              Try Again
            </button>
            <Link to="/" className="btn btn--secondary">
              Go Home
            </Link>
          </>
        }
      >
        <p>
          We couldn't load {description} just now. Your data is safe — please try again in a moment.
        </p>
      </Notice>
    </div>
  );
}
