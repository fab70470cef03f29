/**
 * The spec's route table: paths the shell renders. Anything else gets the shell's 404 page with status 404 (the
 * gateway's static hosting and the shell's own web server answer from this one list).
 */
export const appRoutes: ReadonlySet<string> = new Set(['/', '/add-property', '/dashboard', '/recommendations', '/listing', '/save-property']);

/** A path as the route table names it: without trailing slashes ('/dashboard/' is '/dashboard'; '/' stays). */
export function appRoutePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isAppRoute(pathname: string): boolean {
  return appRoutes.has(appRoutePath(pathname));
}

/** The Module Federation remotes the shell may load. */
export const knownRemotes = ['dashboard', 'wizard', 'listing'] as const;
export type RemoteName = (typeof knownRemotes)[number];

/** Where a remote is served on the product's origin (the gateway locally, the ingress in a cluster). */
export const remoteBasePath = (name: string): string => `/remotes/${name}/`;

/** GET /remotes.json: remote name -> URL of its mf-manifest.json. */
export type RemotesManifest = Record<string, string>;
