import type { OrderServiceDeps } from './types.ts';
import { orderPayment } from './payment.ts';
import { orderViews } from './views.ts';
import { orderPlacing } from './buy.ts';
import { cardSteps } from './card.ts';
import { gatewaySteps } from './gateway.ts';

export interface OrderBase {
  deps: OrderServiceDeps;
}

export type PaymentContext = OrderBase & ReturnType<typeof orderPayment>;
export type ViewContext = PaymentContext & ReturnType<typeof orderViews>;
export type PlacingContext = ViewContext & ReturnType<typeof orderPlacing>;
export type CardContext = PlacingContext & ReturnType<typeof cardSteps>;
export type GatewayContext = CardContext & ReturnType<typeof gatewaySteps>;

/**
 * The steps the order operations share, built once per service: each layer may use the ones
 * before it (paying an order, then its views, placing it, then the card and gateway steps).
 */
export function orderContext(deps: OrderServiceDeps) {
  const c0: OrderBase = { deps };
  const c1 = { ...c0, ...orderPayment(c0) };
  const c2 = { ...c1, ...orderViews(c1) };
  const c3 = { ...c2, ...orderPlacing(c2) };
  const c4 = { ...c3, ...cardSteps(c3) };
  const c5 = { ...c4, ...gatewaySteps(c4) };
  return c5;
}

export type OrderContext = ReturnType<typeof orderContext>;
