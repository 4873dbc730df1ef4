import {
  adminNotifications,
  adminOrder,
  adminOrders,
  resolveOrder,
  resyncOrder,
} from '@brnd/contracts/api/admin-orders';
import { adminPayouts, retryPayout } from '@brnd/contracts/api/admin-payouts';
import { adminSale, updateSale } from '@brnd/contracts/api/admin-sale';
import { SALE_TOKENS_OFFERED } from '@brnd/contracts/domain/sale';
import type { AuditLog } from '../services/audit-log.ts';
import type { PaymentDesk } from '../services/payment-desk/service.ts';
import type { PayoutService } from '../services/payouts.ts';
import type { SaleService } from '../services/sale.ts';
import { authedRoute, type Route } from './route.ts';

/** The console's orders and payments, payouts and sale sections (docs/decisions/016). */
export function adminPaymentRoutes({
  desk,
  payouts,
  sales,
  audit,
  explorerTxUrl,
}: {
  desk: PaymentDesk;
  payouts: PayoutService;
  sales: SaleService;
  audit: AuditLog;
  explorerTxUrl: string | null;
}): Route[] {
  const operatorOf = (auth: { user: { id: string; email: string } }) => ({
    id: auth.user.id,
    email: auth.user.email,
  });
  return [
    authedRoute(adminOrders, ({ query }) => desk.search(query)),
    authedRoute(adminOrder, async ({ params }) => ({ order: await desk.detail(params.id) })),
    authedRoute(resolveOrder, ({ auth, params, body }) =>
      desk.resolve(operatorOf(auth), params.id, body),
    ),
    authedRoute(adminNotifications, ({ query }) => desk.notifications(query)),
    authedRoute(resyncOrder, async ({ auth, params }) => ({
      order: await desk.resync(operatorOf(auth), params.id),
    })),
    authedRoute(adminPayouts, async ({ query }) => ({
      ...(await payouts.adminList(query)),
      explorer_tx_url: explorerTxUrl,
    })),
    authedRoute(retryPayout, async ({ auth, params }) => ({
      payout: await payouts.retry(operatorOf(auth), params.id, audit),
    })),
    authedRoute(adminSale, async () => ({
      sale: await sales.sale(),
      allocation: SALE_TOKENS_OFFERED,
    })),
    authedRoute(updateSale, async ({ auth, body }) => ({
      sale: await sales.update(operatorOf(auth), body, audit),
      allocation: SALE_TOKENS_OFFERED,
    })),
  ];
}
