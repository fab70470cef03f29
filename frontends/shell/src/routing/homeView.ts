/** What `/` shows. */
export type HomeView = 'loading' | 'landing' | 'demo-wizard' | 'wizard' | 'dashboard';

export interface AuthSnapshot {
  isLoading: boolean;
  isAuthenticated: boolean;
}

const wizardParams = ['propertyId', 'fromLogin', 'address'] as const;
/** A link into a signed-in owner's wizard (see landingIsLikely). */
const ownerParams = ['propertyId', 'step', 'fromLogin'] as const;

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

/**
 * Is `/` with this query likely to show the landing page, so that it is worth fetching while the current user loads?
 * Not for the demo, nor for a link into a signed-in owner's wizard (a property, a step, the return from sign-in):
 * an anonymous visitor would get the landing page there too, but such links are an owner's, and fetching the landing
 * page for every owner would cost each of their analyses its bytes.
 */
export function landingIsLikely(query: URLSearchParams): boolean {
  return !isDemoQuery(query) && !ownerParams.some((name) => query.has(name));
}

/** The header offers 'Sign In to Save' instead of 'Sign In' while an anonymous visitor is in demo mode. */
export function isDemoView(auth: AuthSnapshot, pathname: string, query: URLSearchParams): boolean {
  return pathname === '/' && decideHomeView(auth, query) === 'demo-wizard';
}
