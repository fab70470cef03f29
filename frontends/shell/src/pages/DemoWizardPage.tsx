import { Link } from 'react-router';
import { loginUrl } from '@hsa/ui-kit';
import { CompassIcon } from '../components/icons';
import { Notice } from '../components/Notice';
import { usePageTitle } from '../components/usePageTitle';

/** `/?demo=…` for anonymous visitors; the demo analysis itself arrives with the wizard. */
export default function DemoWizardPage() {
  usePageTitle('Free Demo Analysis');
  return (
    <div className="container page">
      <Notice
        eyebrow="Coming soon"
        icon={<CompassIcon />}
        title="The free demo analysis arrives in the next release"
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => window.location.assign(loginUrl('/add-property'))}>
              Sign In to Add a Property
            </button>
            <Link to="/" className="btn btn--secondary">
              Back to Home
            </Link>
          </>
        }
      >
        <p>
          Soon you'll be able to enter any address and see its estimated value, comparable sales and a map, with no
          sign-up. Meanwhile, sign in to save a property to your account.
        </p>
      </Notice>
    </div>
  );
}
