import { Link } from 'react-router';
import { AlertIcon } from '../components/icons';
import { Notice } from '../components/Notice';

/**
 * The friendly error state of a remote that could not be loaded (never a blank page). The error
 * itself is logged by the ErrorBoundary around the remote.
 */
export function RemoteUnavailable({ description, onRetry }: { description: string; onRetry: () => void }) {
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
