import { NeedsAntd } from '../antd/AntdHost';
import { RemoteModule } from '../remotes/RemoteModule';
import { prefetchRemoteComponent } from '../remotes/remoteRegistry';
import { remotePages, type RemotePage } from '../remotes/remotePages';

// The wizard remote's pages: the landing page, the analysis wizard and save-property. Each page sets its own title.

/** `/` for anonymous visitors: the landing page, plain React (no antd on the first visit). */
export function LandingPage() {
  const { remote, module } = remotePages.landing;
  return <RemoteModule remote={remote} module={module} description="the home page" />;
}

/**
 * A wizard page that needs antd: fetch the remote while antd loads, instead of after it. In render (it loads once):
 * the page suspends until both are there, and an effect would wait for that.
 */
function AntdWizardPage({ page: { remote, module }, description }: { page: RemotePage; description: string }) {
  prefetchRemoteComponent(remote, module);
  return (
    <NeedsAntd>
      <RemoteModule remote={remote} module={module} description={description} />
    </NeedsAntd>
  );
}

/** `/` with wizard parameters, and `/add-property`: the analysis wizard (it reads the URL itself). */
export default function WizardPage() {
  return <AntdWizardPage page={remotePages.wizard} description="the property analysis" />;
}

/** `/save-property`: saves the demo property of this browser session to the account. */
export function SavePropertyPage() {
  return <AntdWizardPage page={remotePages.saveProperty} description="saving your property" />;
}
