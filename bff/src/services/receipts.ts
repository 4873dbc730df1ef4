import type { Transaction } from 'sequelize';
import type { CryptoPayMethod } from '@brnd/contracts/domain/constants';
import type { Database } from '../db/database.ts';
import type { Language } from '../db/models.ts';
import type { Logger } from '../logger.ts';
import type { Notifications } from './notifications.ts';
import type { OrderPaidEvent } from './orders/types.ts';
import { formatUnits } from './payment-desk.ts';
import type { PayoutSentHook } from './payouts.ts';

type PayoutSentEvent = Parameters<PayoutSentHook>[0];

interface Buyer {
  name: string;
  email: string;
  language: Language;
}

/**
 * Receipts mailed in the recipient's language (docs/decisions/044). Each is queued after the
 * transaction that moved the money commits, and only by the transaction that moved it (a
 * repeated webhook, callback or confirmation posts nothing and mails nothing), so one event is
 * one mail. An operator's credit is told by its decision mail, which is its receipt.
 */
export function createReceipts(deps: {
  db: Database;
  notifications: Notifications;
  logger: Logger;
}) {
  const { db, notifications, logger } = deps;

  async function recipient(userId: string): Promise<Buyer | undefined> {
    const [buyer] = await db.query<Buyer>('SELECT name, email, language FROM users WHERE id = $1', [
      userId,
    ]);
    return buyer;
  }

  async function purchase(event: OrderPaidEvent) {
    const buyer = await recipient(event.userId);
    if (!buyer) return;
    let order: { number: string; paid: string; uuid: string | null } | undefined;
    if (event.kind === 'crypto') {
      const [row] = await db.query<{
        shop_order_id: string;
        paid_units: string;
        currency: CryptoPayMethod;
      }>(
        'SELECT shop_order_id::text, paid_units::text, currency FROM crypto_orders WHERE uuid = $1',
        [event.orderId],
      );
      if (row) {
        order = {
          number: row.shop_order_id,
          paid: `${formatUnits(BigInt(row.paid_units), row.currency)} ${row.currency}`,
          uuid: event.orderId,
        };
      }
    } else {
      const [row] = await db.query<{ pln: string }>(
        'SELECT pln::text FROM card_orders WHERE cash_tx_hash = $1',
        [event.orderId],
      );
      if (row) order = { number: event.orderId, paid: `${row.pln} PLN`, uuid: null };
    }
    if (!order) return;
    await notifications.mail({
      kind: 'purchaseReceipt',
      to: buyer.email,
      language: buyer.language,
      props: {
        name: buyer.name,
        order: order.number,
        paid: order.paid,
        tokens: event.tokens,
        creditedAt: new Date().toISOString(),
        orderUuid: order.uuid,
      },
    });
  }

  async function payout(event: PayoutSentEvent) {
    const buyer = await recipient(event.userId);
    if (!buyer) return;
    const whole = event.amount / 10n ** 18n;
    await notifications.mail({
      kind: 'payoutReceipt',
      to: buyer.email,
      language: buyer.language,
      props: {
        name: buyer.name,
        tokens: Number(whole),
        address: event.address,
        txHash: event.txHash,
        sentAt: new Date().toISOString(),
      },
    });
  }

  /** After the commit: a receipt that cannot be queued is logged; the money stays moved. */
  const afterCommit = (transaction: Transaction, what: string, send: () => Promise<void>) => {
    transaction.afterCommit(() => {
      send().catch((error: unknown) =>
        logger.error(`could not queue a ${what} receipt`, { err: error }),
      );
    });
  };

  return {
    /** An `OrderPaidHook`: the buyer's purchase receipt, once per credited order. */
    async orderPaid(event: OrderPaidEvent, transaction: Transaction) {
      // Operators' credits run the hooks too; their decision mail is their receipt.
      if (event.orderId.includes(':resolution:')) return;
      afterCommit(transaction, 'purchase', () => purchase(event));
    },
    /** Called in the transaction that confirmed the payout. */
    async payoutSent(event: PayoutSentEvent, transaction: Transaction) {
      afterCommit(transaction, 'payout', () => payout(event));
    },
  };
}
