import type { PaymentNotification } from '@brnd/contracts/api/admin-orders';

const ORDER = '0b7f3f0e-8d55-4b1b-8f0a-5a3c9b1d2e44';

/** A forged webhook, another store's (ignored), and a redelivery that was accepted. */
export const notificationList: PaymentNotification[] = [
  {
    id: '12',
    provider: 'gateway',
    received_at: '2026-03-02T10:26:00.000Z',
    order_ref: ORDER,
    event_type: 'InvoiceSettled',
    delivery_id: 'PdRNYJu2DbZ9rWq6sUjYvW',
    redelivery: true,
    signature_valid: true,
    outcome: 'accepted',
    http_status: 200,
    reason: null,
    body: '{"type":"InvoiceSettled","invoiceId":"inv-100042","isRedelivery":true}',
  },
  {
    id: '11',
    provider: 'gateway',
    received_at: '2026-03-02T10:25:00.000Z',
    order_ref: 'inv-of-another-store',
    event_type: 'InvoiceCreated',
    delivery_id: 'KvCdkAtyDkXfJdrH3TdzRX',
    redelivery: false,
    signature_valid: true,
    outcome: 'ignored',
    http_status: 200,
    reason: null,
    body: '{"type":"InvoiceCreated","invoiceId":"inv-of-another-store"}',
  },
  {
    id: '10',
    provider: 'card',
    received_at: '2026-03-02T10:24:00.000Z',
    order_ref: null,
    event_type: null,
    delivery_id: null,
    redelivery: false,
    signature_valid: false,
    outcome: 'refused',
    http_status: 401,
    reason: 'orders.errors.badSignature',
    body: 'not json',
  },
];

export const NOTIFIED_ORDER = ORDER;
