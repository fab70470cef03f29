import { Link } from 'react-router';
import { CompassIcon } from '../components/icons';
import { Notice } from '../components/Notice';
import { usePageTitle } from '../components/usePageTitle';

/** Any path outside the route table. */
export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="container page">
      <Notice
        eyebrow="404"
        icon={<CompassIcon />}
        title="Page not found"
        actions={
          <Link to="/" className="btn btn--primary">
            Go Home
          </Link>
        }
      >
        <p>The page you're looking for doesn't exist or has moved.</p>
      </Notice>
    </div>
  );
}
