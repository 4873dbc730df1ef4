import { defineScreen } from '../screen-manifest.ts';
import { brandDetailsQueryOptions } from '../shared/brand-queries.ts';

/** BrandDetail's route: see ../screen-manifest.ts. */
export const brandDetailScreen = defineScreen({
  title: 'brand',
  namespaces: ['voting', 'accounts', 'validation'],
  load: () => import('./BrandDetailScreen.tsx').then((module) => module.BrandDetailScreen),
  /*
   * Fetched ahead only for an id of digits; the screen applies the contract's id rule
   * (parseRecordId, loaded with its code) to decide what the page shows.
   */
  queries: (api, { brandId }: { brandId: string }) => {
    const id = Number(brandId);
    return Number.isSafeInteger(id) && id >= 0 ? [brandDetailsQueryOptions(api, id)] : [];
  },
});
