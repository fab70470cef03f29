import { useSearchParams } from 'react-router';
import { useAuth } from '@hsa/ui-kit';
import { NeedsAntd } from '../antd/AntdHost';
import { PageSpinner } from '../components/PageSpinner';
import { usePageTitle } from '../components/usePageTitle';
import { RemoteModule } from '../remotes/RemoteModule';
import { prefetchRemoteComponent } from '../remotes/remoteRegistry';
import { SignInPrompt } from './SignInPrompt';

/** The listing remote: the Recommendations page and the Listing page (each sets its own title once loaded). */
export const listingRemote = 'listing';

export interface ListingRemotePageProps {
  module: './RecommendationsPage' | './ListingPage';
  path: '/recommendations' | '/listing';
  pageTitle: string;
  description: string;
  signInTitle: string;
  signInText: string;
}

/** A page of the listing remote, for signed-in owners; visitors are asked to sign in and come back. */
export function ListingRemotePage({ module, path, pageTitle, description, signInTitle, signInText }: ListingRemotePageProps) {
  usePageTitle(pageTitle);
  const { user, isLoading } = useAuth();
  const [query] = useSearchParams();
  const signedIn = !!user;
  // Fetch the remote while antd loads, instead of after it. In render (it loads once): the page suspends until
  // both are there, and an effect would wait for that.
  if (signedIn) prefetchRemoteComponent(listingRemote, module);
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <SignInPrompt title={signInTitle} returnTo={`${path}?${query.toString()}`}>
        {signInText}
      </SignInPrompt>
    );
  }
  return (
    <NeedsAntd>
      <RemoteModule remote={listingRemote} module={module} description={description} />
    </NeedsAntd>
  );
}
