import type { Express } from 'express';
import type { RateLimitClass } from '../../src/domain/rate-limit-policies';

/** One route of the gateway's /api, as Express holds it. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express path pattern, e.g. /api/properties/:id/photos/:photoId */
  path: string;
  /** Classes its own middleware counts it in (every state-changing call also counts as `write`). */
  limitClasses: RateLimitClass[];
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean>; stack: { handle: { rateLimitClass?: RateLimitClass } }[] };
  handle: { stack?: Layer[] };
}

const ANY_METHOD: ApiRoute['method'][] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every /api route of the application, read from Express's own route table (routers included), so a route added
 * later is listed without anyone remembering to. A catch-all route (`router.all`) is listed once per method.
 */
export function apiRoutes(app: Express): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.handle.stack) walk(layer.handle.stack);
      const route = layer.route;
      if (!route || typeof route.path !== 'string' || !route.path.startsWith('/api/')) continue;
      const limitClasses = route.stack.map((l) => l.handle.rateLimitClass).filter((c): c is RateLimitClass => c !== undefined);
      const methods = route.methods._all
        ? ANY_METHOD
        : Object.keys(route.methods)
            .map((m) => m.toUpperCase())
            .filter((m): m is ApiRoute['method'] => (ANY_METHOD as string[]).includes(m));
      for (const method of methods) routes.push({ method, path: route.path, limitClasses: [...new Set(limitClasses)] });
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}

export const isStateChanging = (route: ApiRoute) => route.method !== 'GET';
export const describeRoute = (route: ApiRoute) => `${route.method} ${route.path}`;

/** The route's path with its parameters filled in (unknown parameters get a harmless value). */
export function fillPath(route: ApiRoute, params: Record<string, string>): string {
  return route.path
    .replace(/\*(\w+)/g, (_m, name: string) => params[name] ?? 'anything')
    .replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));
}
