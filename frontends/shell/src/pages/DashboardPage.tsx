import { NeedsAntd } from '../antd/AntdHost';
import { usePageTitle } from '../components/usePageTitle';
import { RemoteModule } from '../remotes/RemoteModule';

/** `/dashboard` (and `/` when signed in): the dashboard remote's page. */
export default function DashboardPage() {
  usePageTitle('My Properties');
  return (
    <NeedsAntd>
      <RemoteModule remote="dashboard" module="./DashboardPage" description="your properties" />
    </NeedsAntd>
  );
}
