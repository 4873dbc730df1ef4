import { sale } from '@brnd/contracts/api/sale';
import type { SaleService } from '../services/sale.ts';
import { route, type Route } from './route.ts';

export function saleRoutes({ sales }: { sales: SaleService }): Route[] {
  return [route(sale, () => sales.sale())];
}
