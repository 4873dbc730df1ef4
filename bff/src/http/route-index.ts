import Router from '@koa/router';

/** `/api/brands/toprated` → `/api/brands`: the part of a path no route takes a parameter from. */
function prefixOf(path: string): string {
  // The router matches paths whatever their case.
  return path.split('/', 3).join('/').toLowerCase();
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
  const routers = new Map<string, Router>();
  for (const layer of router.stack) {
    const prefix = typeof layer.path === 'string' ? prefixOf(layer.path) : ':';
    if (/[:(*]/.test(prefix)) {
      throw new Error(`${layer.path}: a route's first two segments must be fixed`);
    }
    if (layer.methods.length === 0) {
      throw new Error(`${layer.path}: a middleware for every method cannot be indexed by method`);
    }
    for (const method of new Set(layer.methods)) {
      const key = `${method} ${prefix}`;
      let routes = routers.get(key);
      if (!routes) routers.set(key, (routes = new Router()));
      routes.register(layer.path, layer.methods, layer.stack);
    }
  }
  const dispatch = new Map([...routers].map(([key, routes]) => [key, routes.routes()]));
  return function enterRoutes(ctx, next) {
    const routes = dispatch.get(`${ctx.method} ${prefixOf(ctx.path)}`);
    return routes ? routes(ctx, next) : next();
  };
}
