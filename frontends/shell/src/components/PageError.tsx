import { Link } from 'react-router';
import { AlertIcon } from './icons';
import { Notice } from './Notice';

/** Shown by the error boundary when a page fails to render. */
export function PageError({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="container page">
      <Notice
        tone="error"
        icon={<AlertIcon />}
        title="Something went wrong"
        actions={
          <>
            {onRetry ? (
              <button type="button" className="btn btn--primary" onClick={onRetry}>
                Try Again
              </button>
            ) : null}
            <Link to="/" className="btn btn--secondary">
              Go Home
            </Link>
          </>
        }
      >
        <p>This page ran into an unexpected problem. Try again, or head back to the home page.</p>
      </Notice>
    </div>
  );
}
