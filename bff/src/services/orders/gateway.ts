import { REFUSED_NOTIFICATIONS_KEPT_MAX } from '@brnd/contracts/domain/constants';
import { parseGatewayWebhook } from '../../providers/crypto-gateway.ts';
import { DomainError } from '../errors.ts';
import type { OrderService } from './types.ts';
import {
  NOTIFICATION_BODY_CHARS,
  type NotificationOutcome,
  type NotificationMeta,
  type NotificationResult,
  isUuid,
} from './rows.ts';
import type { OrderContext, CardContext } from './context.ts';

/** The payment gateway's webhook, and every notification kept for the operators. */
export function gatewaySteps(ctx: CardContext) {
  const { deps, requireGateway, lockOrder, apply, invoiceChange } = ctx;
  const { db, logger } = deps;

  async function gatewayWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    meta: NotificationMeta,
  ): Promise<NotificationResult> {
    const gateway = requireGateway();
    if (!gateway.verifyWebhook(rawBody, signature)) {
      throw new DomainError(401, 'orders.errors.badSignature');
    }
    meta.signatureValid = true;
    const event = parseGatewayWebhook(rawBody);
    if (!event) throw new DomainError(400, 'errors.validation');
    meta.eventType = event.type;
    meta.deliveryId = event.deliveryId;
    meta.redelivery = event.isRedelivery;
    // The timestamp is not checked: a redelivery keeps the first delivery's (BTCPay retries for
    // about an hour, an operator may redeliver days later), and the body is only a hint to read
    // the invoice back, so an old one can change nothing the gateway does not confirm.
    if (!event.invoiceId || (event.storeId && event.storeId !== gateway.storeId)) {
      return { orderRef: event.invoiceId ?? null, outcome: 'ignored' };
    }
    const [order] = await db.query<{ uuid: string }>(
      'SELECT uuid::text FROM crypto_orders WHERE gateway_invoice_id = $1',
      [event.invoiceId],
    );
    // Another invoice of the store, or InvoiceCreated arriving before the order row exists.
    if (!order) return { orderRef: event.invoiceId, outcome: 'ignored' };
    await syncInvoice(order.uuid);
    return { orderRef: order.uuid, outcome: 'accepted' };
  }

  /**
   * Every provider notification is kept with what we answered (docs/decisions/016 and 027), in
   * its own statement after the work: a refusal rolls its work back but is still recorded.
   */
  async function recordNotification(
    provider: 'gateway' | 'card',
    rawBody: Buffer,
    work: (meta: NotificationMeta) => Promise<NotificationResult>,
  ): Promise<void> {
    const meta: NotificationMeta = {
      eventType: null,
      deliveryId: null,
      redelivery: false,
      signatureValid: false,
    };
    let result: NotificationResult;
    try {
      result = await work(meta);
    } catch (error) {
      const status = error instanceof DomainError ? error.status : 500;
      const reason = error instanceof DomainError ? error.messageId : 'errors.server';
      await storeNotification(provider, rawBody, meta, {
        orderRef: refOf(provider, rawBody),
        outcome: 'refused',
        httpStatus: status,
        reason,
      }).catch((storeError: unknown) => {
        logger.error('could not record a refused notification', { err: storeError });
      });
      throw error;
    }
    await storeNotification(provider, rawBody, meta, {
      orderRef: result.orderRef,
      outcome: result.outcome,
      httpStatus: 200,
      reason: null,
    });
  }

  /** What a notification's body names, read without trusting it (it may be forged). */
  function refOf(provider: 'gateway' | 'card', rawBody: Buffer): string | null {
    try {
      const body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      const ref = provider === 'card' ? body.cashTxHash : body.invoiceId;
      return typeof ref === 'string' ? ref.slice(0, 200) : null;
    } catch {
      return null;
    }
  }

  async function storeNotification(
    provider: 'gateway' | 'card',
    rawBody: Buffer,
    meta: NotificationMeta,
    answer: {
      orderRef: string | null;
      outcome: NotificationOutcome;
      httpStatus: number;
      reason: string | null;
    },
  ) {
    // A gateway notification names its invoice; the console looks orders up by uuid.
    let ref = answer.orderRef;
    if (provider === 'gateway' && ref && !isUuid(ref)) {
      const [order] = await db.query<{ uuid: string }>(
        'SELECT uuid::text FROM crypto_orders WHERE gateway_invoice_id = $1',
        [ref],
      );
      ref = order?.uuid ?? ref;
    }
    await db.query(
      `INSERT INTO payment_notifications (provider, order_ref, outcome, http_status, reason, body,
         event_type, delivery_id, redelivery, signature_valid)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        provider,
        ref,
        answer.outcome,
        answer.httpStatus,
        answer.reason,
        rawBody.toString('utf8').slice(0, NOTIFICATION_BODY_CHARS),
        meta.eventType?.slice(0, 100) ?? null,
        meta.deliveryId?.slice(0, 100) ?? null,
        meta.redelivery,
        meta.signatureValid,
      ],
    );
    if (answer.outcome === 'refused') {
      // Forged or broken notifications cannot fill the table: the newest ones are kept.
      await db.query(
        `DELETE FROM payment_notifications WHERE outcome = 'refused' AND id <= (
           SELECT id FROM payment_notifications WHERE outcome = 'refused'
           ORDER BY id DESC OFFSET $1 LIMIT 1)`,
        [REFUSED_NOTIFICATIONS_KEPT_MAX],
      );
    }
  }

  /** Reads a BTC order's invoice back from the gateway and applies what it says. */
  async function syncInvoice(uuid: string): Promise<void> {
    const gateway = requireGateway();
    const [found] = await db.query<{ gateway_invoice_id: string | null }>(
      'SELECT gateway_invoice_id FROM crypto_orders WHERE uuid = $1',
      [uuid],
    );
    if (!found?.gateway_invoice_id) throw new DomainError(404, 'errors.notFound');
    // Read outside the transaction: no row lock is held across a network call.
    const [invoice, method] = await Promise.all([
      gateway.getInvoice(found.gateway_invoice_id),
      gateway.paymentMethod(found.gateway_invoice_id),
    ]);
    await db.transaction(async (transaction) => {
      const row = await lockOrder(uuid, transaction);
      if (!row) return;
      await db.query('UPDATE crypto_orders SET gateway_synced_at = now() WHERE uuid = $1', [uuid], {
        transaction,
      });
      await apply(row, invoiceChange(row, invoice, method), transaction);
    });
  }

  return { syncInvoice, gatewayWebhook, recordNotification, refOf, storeNotification };
}

/** BTC orders through the payment gateway: its webhook and a resync. */
export function gatewayOperations(
  ctx: OrderContext,
): Pick<OrderService, 'handleGatewayWebhook' | 'syncInvoice'> {
  const { gatewayWebhook, recordNotification, syncInvoice } = ctx;

  return {
    async handleGatewayWebhook(rawBody, signature) {
      await recordNotification('gateway', rawBody, (meta) =>
        gatewayWebhook(rawBody, signature, meta),
      );
    },

    syncInvoice,
  };
}
