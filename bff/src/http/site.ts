import { site } from '@brnd/contracts/api/site';
import type { SiteConfig } from '@brnd/contracts/api/site';
import { route, type Route } from './route.ts';

export function siteRoutes(config: SiteConfig): Route[] {
  return [
    route(site, async ({ ctx }) => {
      ctx.set('Cache-Control', 'public, max-age=300');
      return config;
    }),
  ];
}
