import type { AdminPayout } from '@brnd/contracts/api/admin-payouts';

const ONE_TOKEN = 10n ** 18n;

function payout(
  id: string,
  status: AdminPayout['status'],
  tokens: number,
  extra: Partial<AdminPayout> = {},
): AdminPayout {
  return {
    id,
    user_email: 'jan.kowalski@example.com',
    status,
    brnd_tokens: tokens,
    amount: (BigInt(tokens) * ONE_TOKEN).toString(),
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    tx_hash: null,
    error: null,
    retry_of: null,
    retried_by: null,
    created_at: '2026-03-02T10:15:00.000Z',
    ...extra,
  };
}

/** A payout the chain refused: its 5,000 BRND went back to the user's balance. */
export const failedPayout = payout('118', 'failed', 5_000, {
  user_email: 'anna.nowak@example.com',
  address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  tx_hash: '0x3f1e2d4c5b6a79880f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a2918',
  error: 'the chain was reset since the payout was signed',
  created_at: '2026-03-03T08:00:00.000Z',
});

export const confirmedPayout = payout('117', 'confirmed', 12_000, {
  tx_hash: '0x8e3b0c1f9a7d6e5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c',
  created_at: '2026-03-02T12:00:00.000Z',
});

export const pendingPayout = payout('116', 'pending', 700, {
  created_at: '2026-03-02T11:00:00.000Z',
});

/** A failed payout already retried, and the retry that confirmed. */
export const retriedPayout = payout('110', 'failed', 2_500, {
  error: 'replacement transaction underpriced',
  retried_by: '111',
  created_at: '2026-03-01T09:00:00.000Z',
});
export const retryPayout = payout('111', 'confirmed', 2_500, {
  retry_of: '110',
  tx_hash: '0x1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809',
  created_at: '2026-03-01T10:00:00.000Z',
});

export const payoutList: AdminPayout[] = [
  failedPayout,
  confirmedPayout,
  pendingPayout,
  retryPayout,
  retriedPayout,
];

export const EXPLORER = 'https://explorer.example/tx/{hash}';
