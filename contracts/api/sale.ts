import { defineEndpoint } from './endpoint.ts';
import { SaleSchema } from './sale-schemas.ts';

export type { Sale, SaleStage, SaleTier } from './sale-schemas.ts';

/**
 * The token sale as data: what the ICO page, buy step 1 and the dashboard show. The bff reads it
 * from PostgreSQL (the demo seed starts a live sale); raised and goal come from paid orders.
 */

export const sale = defineEndpoint({
  id: 'sale',
  method: 'GET',
  path: '/api/sale',
  response: SaleSchema,
  errors: {},
});

export const saleEndpoints = { sale } as const;
