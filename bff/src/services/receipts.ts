import type { Transaction } from 'sequelize';
import type { CryptoPayMethod } from '@brnd/contracts/domain/constants';
import type { MailProps } from '@brnd/emails/render';
import type { Database } from '../db/database.ts';
import type { Language } from '../db/models.ts';
import type { Notifications } from './notifications.ts';
import type { OrderPaidEvent } from './orders/types.ts';
import { formatUnits } from './payment-desk/service.ts';
import type { PayoutSentHook } from './payouts.ts';

type PayoutSentEvent = Parameters<PayoutSentHook>[0];

interface Buyer {
  name: string;
  email: string;
  language: Language;
}

/**
 * Receipts mailed in the recipient's language (docs/decisions/044). Each is queued in the
 * transaction that moved the money (a transactional outbox, decision 056): the receipt exists if
 * and only if the credit commits, so a process that dies right after the commit loses no receipt,
 * and only the transaction that moved the money queues one (a repeated webhook, callback or
 * confirmation posts nothing and mails nothing): one event, one mail. An operator's credit is
 * told by its decision mail, which is its receipt.
 */
export function createReceipts(deps: { db: Database; notifications: Notifications }) {
  const { db, notifications } = deps;

  async function recipient(userId: string, transaction: Transaction): Promise<Buyer | undefined> {
    const [buyer] = await db.query<Buyer>(
      'SELECT name, email, language FROM users WHERE id = $1',
      [userId],
      { transaction },
    );
    return buyer;
  }

  async function purchase(event: OrderPaidEvent, transaction: Transaction) {
    const buyer = await recipient(event.userId, transaction);
    if (!buyer) return;
    let order:
      | { number: string; paid: MailProps<'purchaseReceipt'>['paid']; uuid: string | null }
      | undefined;
    if (event.kind === 'crypto') {
      const [row] = await db.query<{
        shop_order_id: string;
        paid_units: string;
        currency: CryptoPayMethod;
      }>(
        'SELECT shop_order_id::text, paid_units::text, currency FROM crypto_orders WHERE uuid = $1',
        [event.orderId],
        { transaction },
      );
      if (row) {
        order = {
          number: row.shop_order_id,
          paid: { amount: formatUnits(BigInt(row.paid_units), row.currency), unit: row.currency },
          uuid: event.orderId,
        };
      }
    } else {
      const [row] = await db.query<{ pln: string }>(
        'SELECT pln::text FROM card_orders WHERE cash_tx_hash = $1',
        [event.orderId],
        { transaction },
      );
      if (row)
        order = { number: event.orderId, paid: { amount: row.pln, unit: 'PLN' }, uuid: null };
    }
    if (!order) return;
    await notifications.mail(
      {
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
      },
      { transaction },
    );
  }

  async function payout(event: PayoutSentEvent, transaction: Transaction) {
    const buyer = await recipient(event.userId, transaction);
    if (!buyer) return;
    const whole = event.amount / 10n ** 18n;
    await notifications.mail(
      {
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
      },
      { transaction },
    );
  }

  return {
    /** An `OrderPaidHook`: the buyer's purchase receipt, once per credited order. */
    async orderPaid(event: OrderPaidEvent, transaction: Transaction) {
      // Operators' credits run the hooks too; their decision mail is their receipt.
      if (event.orderId.includes(':resolution:')) return;
      await purchase(event, transaction);
    },
    /** Called in the transaction that confirmed the payout. */
    async payoutSent(event: PayoutSentEvent, transaction: Transaction) {
      await payout(event, transaction);
    },
  };
}
