import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { loginUrl } from '@hsa/ui-kit';
import { LockIcon } from '../components/icons';
import { Notice } from '../components/Notice';

/** For pages that need an account: explains why and offers Sign In (returning here afterwards). */
export function SignInPrompt({ title, returnTo, children }: { title: string; returnTo: string; children: ReactNode }) {
  return (
    <div className="container page">
      <Notice
        icon={<LockIcon />}
        title={title}
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => window.location.assign(loginUrl(returnTo))}>
              Sign In
            </button>
            <Link to="/" className="btn btn--secondary">
              Back to Home
            </Link>
          </>
        }
      >
        <p>{children}</p>
      </Notice>
    </div>
  );
}
