/** The remote pages the shell shows: the remote exposing each, and its exposed name. */
export const remotePages = {
  landing: { remote: 'wizard', module: './LandingPage' },
  wizard: { remote: 'wizard', module: './WizardPage' },
  saveProperty: { remote: 'wizard', module: './SavePropertyPage' },
  dashboard: { remote: 'dashboard', module: './DashboardPage' },
} as const;

export type RemotePage = (typeof remotePages)[keyof typeof remotePages];
