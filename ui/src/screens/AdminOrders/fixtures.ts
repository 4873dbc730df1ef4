import type { AdminOrderDetail, Resolution } from '@brnd/contracts/api/admin-orders';

/** An ETH order paid 0.02 of 0.05 ETH and expired: the operator's case. */
export const partialOrder: AdminOrderDetail = {
  id: '6f1c2a7e-4b1d-4c1e-9a55-2d9f0c3b7e11',
  method: 'ETH',
  user_email: 'jan.kowalski@example.com',
  status: 'expired',
  usd: 100,
  token_price: 0.003,
  brnd_tokens: 33_333,
  payment_exception: 'partial',
  needs_decision: true,
  created_at: '2026-03-02T10:15:00.000Z',
  status_code: 6,
  currency: 'ETH',
  expected_amount: '0.05',
  paid_amount: '0.02',
  due_amount: '0.03',
  address: '0x5C9c8Cf4c1a0d1a7E3F0b6d8F1d2e3a4b5c6d7e8',
  gateway_invoice_id: null,
  confirmations: 0,
  required_confirmations: 2,
  expires_at: '2026-03-02T10:30:00.000Z',
  paid_at: null,
  credit_preview: { brnd_tokens: 13_333, usd: 39.99 },
  deposits: [
    {
      block: 1204,
      balance: '0.02',
      change: '0.02',
      transactions: [
        {
          hash: '0x8e3b0c1f9a7d6e5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c',
          from: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
          value: '0.02',
        },
      ],
      observed_at: '2026-03-02T10:20:04.000Z',
    },
  ],
  notifications: [],
  resolutions: [],
  explorer_tx_url: 'https://explorer.example/tx/{hash}',
};

export const creditDecision: Resolution = {
  id: '41',
  decision: 'credit',
  paid_amount: '0.02',
  brnd_tokens: 13_333,
  usd: 39.99,
  reference: null,
  note: null,
  operator_email: 'operator@brnd.example',
  created_at: '2026-03-03T09:00:00.000Z',
};

export const refundDecision: Resolution = {
  ...creditDecision,
  id: '42',
  decision: 'refund',
  brnd_tokens: 0,
  usd: 0,
  reference: 'SEPA 2026-03-03/17',
};

/** A BTC order whose gateway webhooks came, one of them forged. */
export const btcOrderWithNotifications: AdminOrderDetail = {
  ...partialOrder,
  id: '0b7f3f0e-8d55-4b1b-8f0a-5a3c9b1d2e44',
  method: 'BTC',
  status: 'paid',
  status_code: 3,
  currency: 'BTC',
  expected_amount: '0.00869565',
  paid_amount: '0.00869565',
  due_amount: '0',
  payment_exception: null,
  needs_decision: false,
  credit_preview: null,
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  gateway_invoice_id: 'inv-100042',
  paid_at: '2026-03-02T10:25:00.000Z',
  deposits: [],
  notifications: [
    {
      id: '7',
      provider: 'gateway',
      received_at: '2026-03-02T10:24:00.000Z',
      outcome: 'refused',
      http_status: 401,
      reason: 'orders.errors.badSignature',
      body: '{"type":"InvoiceSettled","invoiceId":"inv-100042"}',
    },
    {
      id: '8',
      provider: 'gateway',
      received_at: '2026-03-02T10:25:00.000Z',
      outcome: 'accepted',
      http_status: 200,
      reason: null,
      body: '{"type":"InvoiceSettled","invoiceId":"inv-100042"}',
    },
  ],
};
