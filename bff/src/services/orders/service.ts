import type { OrderService, OrderServiceDeps } from './types.ts';
import { orderContext } from './context.ts';
import { paidHookOperations } from './payment.ts';
import { buyOperations } from './buy.ts';
import { viewOperations } from './views.ts';
import { cardOperations } from './card.ts';
import { gatewayOperations } from './gateway.ts';
import { ethWatchOperations } from './eth-watch.ts';
export { quoteWei } from './rows.ts';
export type {
  OrderPaidEvent,
  OrderPaidHook,
  DepositTransfer,
  EthObservation,
  OrderService,
  OrderServiceDeps,
} from './types.ts';

/**
 * Token sale orders (see rows.ts for the rules every step keeps), composed from one module per
 * use case: buying (buy.ts), the buyer's views (views.ts), card orders (card.ts), the payment
 * gateway (gateway.ts) and the ETH watcher (eth-watch.ts), over the shared steps in context.ts.
 */
export function createOrderService(deps: OrderServiceDeps): OrderService {
  const ctx = orderContext(deps);
  return {
    ...paidHookOperations(ctx),
    ...buyOperations(ctx),
    ...viewOperations(ctx),
    ...cardOperations(ctx),
    ...gatewayOperations(ctx),
    ...ethWatchOperations(ctx),
  };
}
