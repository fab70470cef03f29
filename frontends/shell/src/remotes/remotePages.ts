import type { RemoteName } from '@hsa/contracts';

/** The remote pages the shell shows: the remote exposing each, and its exposed name. */
export const remotePages = {
  landing: { remote: 'wizard', module: './LandingPage' },
  wizard: { remote: 'wizard', module: './WizardPage' },
  saveProperty: { remote: 'wizard', module: './SavePropertyPage' },
  dashboard: { remote: 'dashboard', module: './DashboardPage' },
} as const satisfies Record<string, { remote: RemoteName; module: `./${string}` }>;

export type RemotePage = (typeof remotePages)[keyof typeof remotePages];
