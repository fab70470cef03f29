/** What `/` shows. */
export type HomeView = 'loading' | 'landing' | 'demo-wizard' | 'wizard' | 'dashboard';

export interface AuthSnapshot {
  isLoading: boolean;
  isAuthenticated: boolean;
}

const wizardParams = ['propertyId', 'fromLogin', 'address'] as const;

/** Anonymous visitors get the demo wizard with `demo` in the query or propertyId=demo. */
function isDemoQuery(query: URLSearchParams): boolean {
  return query.has('demo') || query.get('propertyId') === 'demo';
}

/**
 * The spec's routing of `/`: signed in with propertyId, fromLogin or address in the query -> the
 * wizard; signed in otherwise -> the dashboard; anonymous -> the demo wizard when `demo` is set or
 * propertyId is 'demo', else the landing page.
 */
export function decideHomeView(auth: AuthSnapshot, query: URLSearchParams): HomeView {
  if (auth.isLoading) return 'loading';
  if (auth.isAuthenticated) return wizardParams.some((name) => query.has(name)) ? 'wizard' : 'dashboard';
  return isDemoQuery(query) ? 'demo-wizard' : 'landing';
}

/** Could `/` with this query show the landing page (i.e. to an anonymous visitor)? */
export function mayShowLanding(query: URLSearchParams): boolean {
  return !isDemoQuery(query);
}

/** The header offers 'Sign In to Save' instead of 'Sign In' while an anonymous visitor is in demo mode. */
export function isDemoView(auth: AuthSnapshot, pathname: string, query: URLSearchParams): boolean {
  return pathname === '/' && decideHomeView(auth, query) === 'demo-wizard';
}
