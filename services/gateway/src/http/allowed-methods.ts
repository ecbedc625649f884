import type { Express } from 'express';
import { match } from 'path-to-regexp';

/** A layer of Express's router, as far as its routes are read here. */
interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** Mounted at '/' (router 2's own flag): the routes inside keep their paths. */
  slash?: boolean;
}

/** A route the app declares: its path (a pattern for the pages) and its methods, lower case ('_all' for every one). */
interface DeclaredRoute {
  path: string | RegExp;
  methods: string[];
}

/**
 * Every route the app declares, through its routers, read from Express's router once every route
 * is declared. A router mounted under a path would have its routes read without it: refused.
 */
export function declaredRoutes(app: Express): DeclaredRoute[] {
  const found: DeclaredRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.handle?.stack) {
        if (!layer.slash) throw new Error('allowedMethods reads routers mounted at / only');
        walk(layer.handle.stack);
      }
      if (!layer.route) continue;
      const methods = Object.keys(layer.route.methods);
      for (const path of [layer.route.path].flat()) {
        if (typeof path === 'string' || path instanceof RegExp) found.push({ path, methods });
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

/**
 * The methods the app's routes take on a path: a request that no route took, on a path some route
 * declares for other methods, is answered 405 with them (RFC 9110: `Allow`), not 404 as if the
 * path did not exist. Only routes declared with paths count, not the pages' pattern, and a route
 * for every method (`all`) means none is refused.
 */
export function allowedMethods(app: Express): (path: string) => string[] {
  const routes = declaredRoutes(app).flatMap(({ path, methods }) => {
    if (typeof path !== 'string') return [];
    const matcher = match(path, { decode: false });
    return [{ matches: (candidate: string) => matcher(candidate) !== false, methods: methods.map((m) => m.toUpperCase()) }];
  });
  return (path) => {
    const methods = new Set(routes.filter((route) => route.matches(path)).flatMap((route) => route.methods));
    if (methods.has('_ALL')) return [];
    // Express answers HEAD with a GET route, and OPTIONS for any route.
    if (methods.has('GET')) methods.add('HEAD');
    if (methods.size > 0) methods.add('OPTIONS');
    return [...methods].sort();
  };
}
