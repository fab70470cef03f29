import { NeedsAntd } from '../antd/AntdHost';
import { RemoteModule } from '../remotes/RemoteModule';
import { prefetchRemoteComponent } from '../remotes/remoteRegistry';

/** The wizard remote: the landing page, the analysis wizard and save-property. Each page sets its own title. */
export const wizardRemote = 'wizard';
export const wizardModules = {
  landing: './LandingPage',
  wizard: './WizardPage',
  saveProperty: './SavePropertyPage',
} as const;

/** `/` for anonymous visitors: the landing page, plain React (no antd on the first visit). */
export function LandingPage() {
  return <RemoteModule remote={wizardRemote} module={wizardModules.landing} description="the home page" />;
}

/**
 * A wizard page that needs antd: fetch the remote while antd loads, instead of after it. In render (it loads once):
 * the page suspends until both are there, and an effect would wait for that.
 */
function AntdWizardPage({ module, description }: { module: string; description: string }) {
  prefetchRemoteComponent(wizardRemote, module);
  return (
    <NeedsAntd>
      <RemoteModule remote={wizardRemote} module={module} description={description} />
    </NeedsAntd>
  );
}

/** `/` with wizard parameters, and `/add-property`: the analysis wizard (it reads the URL itself). */
export default function WizardPage() {
  return <AntdWizardPage module={wizardModules.wizard} description="the property analysis" />;
}

/** `/save-property`: saves the demo property of this browser session to the account. */
export function SavePropertyPage() {
  return <AntdWizardPage module={wizardModules.saveProperty} description="saving your property" />;
}
