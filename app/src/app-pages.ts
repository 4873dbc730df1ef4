import type { RoutePaths } from '@tanstack/router-core';
import { APP_PAGES } from '@brnd/contracts/domain/app-pages';
import type { routeTree } from './router.tsx';

/** Every path the router can show. */
export type AppRoutePath = RoutePaths<typeof routeTree>;

/**
 * The pages messages link to (contracts/domain/app-pages.ts) must be routes of this app: a route
 * renamed here, or a wrong path there, fails the typecheck on this line.
 */
export const MESSAGE_PAGES = APP_PAGES satisfies Record<string, AppRoutePath>;
