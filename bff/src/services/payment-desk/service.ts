import { type PaymentDesk, type PaymentDeskDeps } from './rows.ts';
import { paymentDeskContext } from './context.ts';
import { searchOperations } from './search.ts';
import { resolveOperations } from './resolve.ts';
export { formatUnits, tokensForReceived } from './rows.ts';
export type {
  OrderSearch,
  ResolveInput,
  NotificationSearch,
  PaymentDesk,
  PaymentDeskDeps,
} from './rows.ts';

/** The console's orders and payments (rules in rows.ts), composed from search.ts and resolve.ts. */
export function createPaymentDesk(deps: PaymentDeskDeps): PaymentDesk {
  const ctx = paymentDeskContext(deps);
  return {
    ...searchOperations(ctx),
    ...resolveOperations(ctx),
  };
}
