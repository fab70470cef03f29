/** What `/` shows. */
export type HomeView = 'loading' | 'landing' | 'demo-wizard' | 'wizard' | 'dashboard';

export interface AuthSnapshot {
  isLoading: boolean;
  isAuthenticated: boolean;
}

const wizardParams = ['propertyId', 'fromLogin', 'address'] as const;

/**
 * The spec's routing of `/`: signed in with propertyId, fromLogin or address in the query -> the
 * wizard; signed in otherwise -> the dashboard; anonymous -> the demo wizard when `demo` is set or
 * propertyId is 'demo', else the landing page.
 */
export function decideHomeView(auth: AuthSnapshot, query: URLSearchParams): HomeView {
  if (auth.isLoading) return 'loading';
  if (auth.isAuthenticated) return wizardParams.some((name) => query.has(name)) ? 'wizard' : 'dashboard';
  return query.has('demo') || query.get('propertyId') === 'demo' ? 'demo-wizard' : 'landing';
}
