import type { Express } from 'express';
import { match } from 'path-to-regexp';

/** A layer of Express's router, as far as its routes are read here. */
interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** Mounted at '/' (router 2's own flag): the routes inside keep their paths. */
  slash?: boolean;
}

/**
 * The methods the app's routes take on a path, read from its router once every route is declared:
 * a request that no route took, on a path some route declares for other methods, is answered 405
 * with them (RFC 9110: `Allow`), not 404 as if the path did not exist. Only routes declared with
 * paths count, not the pages' pattern, and a route for every method (`all`) means none is refused.
 */
export function allowedMethods(app: Express): (path: string) => string[] {
  const routes: { matches: (path: string) => boolean; methods: string[] }[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.handle?.stack) {
        // A router mounted under a path would have its routes read without it: refused at start.
        if (!layer.slash) throw new Error('allowedMethods reads routers mounted at / only');
        walk(layer.handle.stack);
      }
      if (!layer.route) continue;
      const paths = [layer.route.path].flat().filter((path): path is string => typeof path === 'string');
      const methods = Object.keys(layer.route.methods).map((method) => method.toUpperCase());
      for (const path of paths) {
        const matcher = match(path, { decode: false });
        routes.push({ matches: (candidate) => matcher(candidate) !== false, methods });
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return (path) => {
    const methods = new Set(routes.filter((route) => route.matches(path)).flatMap((route) => route.methods));
    if (methods.has('_ALL')) return [];
    // Express answers HEAD with a GET route, and OPTIONS for any route.
    if (methods.has('GET')) methods.add('HEAD');
    if (methods.size > 0) methods.add('OPTIONS');
    return [...methods].sort();
  };
}
