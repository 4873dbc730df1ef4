import Router from '@koa/router';

/** `/api/brands/toprated` → `/api/brands`: the part of a path no route takes a parameter from. */
function prefixOf(path: string): string {
  const second = path.indexOf('/', 1);
  const third = second < 0 ? -1 : path.indexOf('/', second + 1);
  // The router matches paths whatever their case.
  return (third < 0 ? path : path.slice(0, third)).toLowerCase();
}

/**
 * The router's routes entered by their method and first two path segments. @koa/router tests
 * every layer's pattern on every request (over a hundred in the API, 24 under `/api/user`
 * alone); here a request meets only the few routes of its own method under its own prefix, and
 * a path under no such route passes straight on, as the whole router passes on a path it serves
 * for other methods only. Each route's first two segments must be fixed, and each must name its
 * methods (checked here, at the start).
 */
export function routesByPrefix(router: Router): ReturnType<Router['routes']> {
  // By method, then by prefix: no key is built per request.
  const routers = new Map<string, Map<string, Router>>();
  for (const layer of router.stack) {
    const prefix = typeof layer.path === 'string' ? prefixOf(layer.path) : ':';
    if (/[:(*]/.test(prefix)) {
      throw new Error(`${layer.path}: a route's first two segments must be fixed`);
    }
    if (layer.methods.length === 0) {
      throw new Error(`${layer.path}: a middleware for every method cannot be indexed by method`);
    }
    for (const method of new Set(layer.methods)) {
      let byPrefix = routers.get(method);
      if (!byPrefix) routers.set(method, (byPrefix = new Map()));
      let routes = byPrefix.get(prefix);
      if (!routes) byPrefix.set(prefix, (routes = new Router()));
      routes.register(layer.path, layer.methods, layer.stack);
    }
  }
  const dispatch = new Map(
    [...routers].map(([method, byPrefix]) => [
      method,
      new Map([...byPrefix].map(([prefix, routes]) => [prefix, routes.routes()])),
    ]),
  );
  return function enterRoutes(ctx, next) {
    const routes = dispatch.get(ctx.method)?.get(prefixOf(ctx.path));
    return routes ? routes(ctx, next) : next();
  };
}
