import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '@hsa/ui-kit';
import { Notice } from '../components/Notice';
import { PageSpinner } from '../components/PageSpinner';
import { usePageTitle } from '../components/usePageTitle';
import { SignInPrompt } from './SignInPrompt';

export interface ComingSoonProps {
  pageTitle: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
  /** The page is for signed-in users: anonymous visitors are asked to sign in first. */
  signInTitle: string;
  returnTo: string;
}

/** A placeholder for a page that a later release delivers, with a way back to the user's properties. */
export function ComingSoon({ pageTitle, title, icon, children, signInTitle, returnTo }: ComingSoonProps) {
  usePageTitle(pageTitle);
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <SignInPrompt title={signInTitle} returnTo={returnTo}>
        {children}
      </SignInPrompt>
    );
  }
  return (
    <div className="container page">
      <Notice
        eyebrow="Coming soon"
        icon={icon}
        title={title}
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => navigate('/dashboard')}>
              View All Properties
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
