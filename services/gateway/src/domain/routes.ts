/** The spec's route table: paths the shell renders. Anything else gets the shell's 404 page with status 404. */
export const appRoutes = new Set(['/', '/add-property', '/dashboard', '/recommendations', '/listing', '/save-property']);

export function isAppRoute(pathname: string): boolean {
  return appRoutes.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
