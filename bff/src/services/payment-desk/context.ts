import { type PaymentDeskDeps } from './rows.ts';
import { orderDetails } from './detail.ts';
import { decisionMail } from './resolve.ts';

export interface PaymentDeskBase {
  deps: PaymentDeskDeps;
}

export type DetailContext = PaymentDeskBase & ReturnType<typeof orderDetails>;
export type MailContext = DetailContext & ReturnType<typeof decisionMail>;

/** What the desk's operations share: loading an order's record and telling its buyer. */
export function paymentDeskContext(deps: PaymentDeskDeps) {
  const c0: PaymentDeskBase = { deps };
  const c1 = { ...c0, ...orderDetails(c0) };
  const c2 = { ...c1, ...decisionMail(c1) };
  return c2;
}

export type PaymentDeskContext = ReturnType<typeof paymentDeskContext>;
