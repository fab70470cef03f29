import { NeedsAntd } from '../antd/AntdHost';
import { usePageTitle } from '../components/usePageTitle';
import { RemoteModule } from '../remotes/RemoteModule';
import { prefetchRemoteComponent } from '../remotes/remoteRegistry';
import { remotePages } from '../remotes/remotePages';

const { remote, module: exposed } = remotePages.dashboard;

/** `/dashboard` (and `/` when signed in): the dashboard remote's page. */
export default function DashboardPage() {
  usePageTitle('My Properties');
  // Fetch the remote while antd loads, instead of after it. In render (it loads once): the page suspends until
  // both are there, and an effect would wait for that.
  prefetchRemoteComponent(remote, exposed);
  return (
    <NeedsAntd>
      <RemoteModule remote={remote} module={exposed} description="your properties" />
    </NeedsAntd>
  );
}
