import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';

/** `/api/brands/toprated` → `/api/brands`: the part of a path no route takes a parameter from. */
function prefixOf(path: string): string {
  const second = path.indexOf('/', 1);
  const third = second < 0 ? -1 : path.indexOf('/', second + 1);
  // The router matches paths whatever their case.
  return (third < 0 ? path : path.slice(0, third)).toLowerCase();
}

/** A route of the index: the router's layer (its pattern) and its middlewares, composed once. */
interface IndexedRoute {
  layer: Router['stack'][number];
  serve: Middleware;
}

/** `%` starts every escape: a value without one is its own decoding. */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // As the router: a malformed escape is kept as written.
    return value;
  }
}

/**
 * The routes of the list that match `path`, each in turn as @koa/router runs them: the first
 * serves, and runs the next one only if it calls `next`, the last one `next` itself. Each sets
 * the params it captured (over those of the ones before) and names its pattern for the metrics.
 */
function serveFrom(
  routes: IndexedRoute[],
  from: number,
  path: string,
  ctx: Context,
  next: Next,
): Promise<unknown> {
  for (let index = from; index < routes.length; index++) {
    const { layer, serve } = routes[index]!;
    const captures = layer.regexp.exec(path);
    if (!captures) continue;
    const params: Record<string, string> = { ...ctx.params };
    for (let key = 0; key < layer.paramNames.length; key++) {
      const value = captures[key + 1];
      if (value) params[layer.paramNames[key]!.name] = decodeParam(value);
    }
    ctx.params = params;
    ctx._matchedRoute = layer.path;
    return serve(ctx, () => serveFrom(routes, index + 1, path, ctx, next));
  }
  return next();
}

/**
 * The router's routes entered by their method and first two path segments, and served without
 * the router's own per-request work. @koa/router tests every layer's pattern on every request
 * (over a hundred in the API, 24 under `/api/user` alone) and builds a middleware chain for each
 * one; here a request meets only the few routes of its own method under its own prefix, and a
 * path under no such route passes straight on, as the whole router passes on a path it serves
 * for other methods only. Each route's first two segments must be fixed, and each must name its
 * methods (checked here, at the start).
 */
export function routesByPrefix(router: Router): Middleware {
  // By method, then by prefix: no key is built per request.
  const routes = new Map<string, Map<string, IndexedRoute[]>>();
  for (const layer of router.stack) {
    const prefix = typeof layer.path === 'string' ? prefixOf(layer.path) : ':';
    if (/[:(*]/.test(prefix)) {
      throw new Error(`${layer.path}: a route's first two segments must be fixed`);
    }
    if (layer.methods.length === 0) {
      throw new Error(`${layer.path}: a middleware for every method cannot be indexed by method`);
    }
    // The API's routes have one middleware each: it serves without a chain around it.
    const stack = layer.stack as Middleware[];
    const serve = stack.length === 1 ? stack[0]! : compose(stack);
    for (const method of new Set(layer.methods)) {
      let byPrefix = routes.get(method);
      if (!byPrefix) routes.set(method, (byPrefix = new Map()));
      let list = byPrefix.get(prefix);
      if (!list) byPrefix.set(prefix, (list = []));
      list.push({ layer, serve });
    }
  }
  return function enterRoutes(ctx, next) {
    const { path } = ctx;
    const list = routes.get(ctx.method)?.get(prefixOf(path));
    return list ? serveFrom(list, 0, path, ctx, next) : next();
  };
}
