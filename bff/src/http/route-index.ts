import Router from '@koa/router';

/** `/api/brands/toprated` → `/api/brands`: the part of a path no route takes a parameter from. */
function prefixOf(path: string): string {
  // The router matches paths whatever their case.
  return path.split('/', 3).join('/').toLowerCase();
}

/**
 * The router's routes entered by their first two path segments. @koa/router tests every layer's
 * pattern on every request (over a hundred in the API); here a request meets only the few
 * routes under its own prefix, and a path under no route's prefix passes straight on.
 * Each route's first two segments must be fixed (checked here, at the start).
 */
export function routesByPrefix(router: Router): ReturnType<Router['routes']> {
  const routers = new Map<string, Router>();
  for (const layer of router.stack) {
    const prefix = typeof layer.path === 'string' ? prefixOf(layer.path) : ':';
    if (/[:(*]/.test(prefix)) {
      throw new Error(`${layer.path}: a route's first two segments must be fixed`);
    }
    let routes = routers.get(prefix);
    if (!routes) routers.set(prefix, (routes = new Router()));
    routes.register(layer.path, layer.methods, layer.stack);
  }
  const dispatch = new Map([...routers].map(([prefix, routes]) => [prefix, routes.routes()]));
  return function enterRoutes(ctx, next) {
    const routes = dispatch.get(prefixOf(ctx.path));
    return routes ? routes(ctx, next) : next();
  };
}
