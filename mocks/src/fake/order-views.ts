import type { OutboxMessage } from '@brnd/contracts/api/dev';
import type { CryptoOrder, Transaction } from '@brnd/contracts/api/orders';
import { ORDER_STATUS, type OrderStatusCode } from '@brnd/contracts/domain/constants';
import { localAmount, localText } from '../messages.ts';
import { cryptoOrderView, salePrice, type SaleSettings } from '../sale.ts';
import {
  FakeError,
  type UserRecord,
  type OrderRecord,
  type FakeState,
  recordActivity,
  listStatus,
} from './records.ts';

/** What an order view needs of the fake: its state, clock, sale, outbox and accounts. */
export interface OrderViewHost {
  readonly state: FakeState;
  now: () => number;
  saleSettings(): SaleSettings;
  send(message: Omit<OutboxMessage, 'createdAt' | 'html'>): void;
  userById(id: number): UserRecord;
}

/** Orders as the buyer sees them, the purchase receipt, and a status change that credits once. */
export function fakeOrderViews(host: OrderViewHost) {
  const { now, saleSettings, send, userById } = host;

  function toCryptoOrder(order: OrderRecord): CryptoOrder {
    const crypto = order.crypto;
    if (!crypto || order.method === 'PLN') throw new FakeError(404, 'errors.notFound');
    const decided = (host.state.paymentDesk?.resolutions ?? []).filter(
      (resolution) => resolution.orderId === order.uuid,
    );
    const latest = decided[decided.length - 1];
    return cryptoOrderView({
      uuid: order.uuid,
      method: order.method,
      value: order.value,
      price: order.price ?? salePrice(saleSettings()),
      createdAt: order.createdAt,
      payment: crypto,
      now: now(),
      decision: latest
        ? {
            decision: latest.decision,
            paid_amount: latest.paid_amount,
            brnd_tokens: latest.brnd_tokens,
            reference: latest.reference,
            decided_at: latest.created_at,
          }
        : null,
    });
  }

  function toTransaction(order: OrderRecord): Transaction {
    const shown = order.crypto && order.method !== 'PLN' ? toCryptoOrder(order) : null;
    return {
      session_id: order.uuid,
      created_at: new Date(order.createdAt).toISOString(),
      brnd_tokens: order.tokens,
      token_price: order.price ?? salePrice(saleSettings()),
      amount: order.value,
      signature: order.method,
      status: listStatus(order),
      payment_situation: shown?.payment_situation ?? null,
      paid_amount: shown?.paid_amount ?? null,
    };
  }

  /** The purchase receipt, worded by the bff's template's keys (docs/decisions/044). */
  function mailPurchaseReceipt(owner: UserRecord, order: OrderRecord) {
    const card = host.state.cardTransactions.find((record) => record.cashTxHash === order.uuid);
    const values = {
      order: order.crypto?.shopOrderId ?? order.uuid,
      paid: order.crypto
        ? localAmount(
            owner.language,
            order.crypto.paidAmount ?? order.crypto.destinationAmount,
            order.method,
          )
        : localAmount(owner.language, (card?.fiatValue ?? 0).toFixed(2), 'PLN'),
      tokens: order.tokens,
      date: new Date(now()).toISOString().slice(0, 10),
    };
    send({
      channel: 'email',
      to: owner.email,
      subject: localText(owner.language, 'email.purchaseReceipt.subject', values),
      text: [
        localText(owner.language, 'email.greeting', { name: owner.name }),
        localText(owner.language, 'email.purchaseReceipt.body', values),
        localText(owner.language, 'email.purchaseReceipt.keep'),
      ].join('\n\n'),
    });
  }

  function applyOrderStatus(order: OrderRecord, status: OrderStatusCode) {
    if (!order.crypto) return;
    const wasPaid = order.crypto.status === ORDER_STATUS.PAID;
    order.crypto.status = status;
    if (!wasPaid && status === ORDER_STATUS.PAID) {
      const owner = userById(order.userId);
      owner.wallet.amount += order.value;
      owner.wallet.brnd_tokens += order.tokens;
      recordActivity(host.state, owner.id, now(), 'purchase', order.tokens, {
        type: 'order',
        id: order.uuid,
      });
      mailPurchaseReceipt(owner, order);
    }
  }

  function ownOrder(user: UserRecord, uuid: string): OrderRecord {
    const order = host.state.orders.find(
      (candidate) => candidate.uuid === uuid && candidate.userId === user.id,
    );
    if (!order) throw new FakeError(404, 'errors.notFound');
    return order;
  }

  return { toCryptoOrder, toTransaction, mailPurchaseReceipt, applyOrderStatus, ownOrder };
}
