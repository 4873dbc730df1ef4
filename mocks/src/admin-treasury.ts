import type { TreasurySend, TreasurySource } from '@brnd/contracts/api/admin-treasury';
import type { Payout } from '@brnd/contracts/api/wallet';

/**
 * The console's stuck treasury sends over the fake (bff/src/services/treasury-sends.ts): the fake
 * never mines a payout, so every pending payout is a broadcast send with a nonce; a retry adds a
 * fee-bumped version with a new hash and is audited, as the bff's sender would.
 */

export interface TreasuryHost {
  payouts(): (Payout & { userId: number })[];
  /** Versions signed per payout id (1 when absent). */
  versions(): Record<string, number>;
  now(): number;
  recordAudit(action: string, subject: string, details: Record<string, unknown>): void;
  fail(status: number, messageId: string): Error;
}

function hashOf(id: string, version: number): string {
  const hex = Array.from(`${id}:${version}`, (char) => char.charCodeAt(0).toString(16)).join('');
  return `0x${hex.padEnd(64, '0').slice(0, 64)}`;
}

function sends(host: TreasuryHost): TreasurySend[] {
  const all = [...host.payouts()].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return all.flatMap((payout, nonce) => {
    if (payout.status !== 'pending') return [];
    const versions = host.versions()[payout.id] ?? 1;
    return [
      {
        source: 'payouts' as const,
        id: payout.id,
        status: 'broadcast' as const,
        nonce: String(nonce),
        tx_hash: hashOf(payout.id, versions),
        versions,
        age_seconds: Math.max(0, Math.floor((host.now() - Date.parse(payout.created_at)) / 1000)),
        retry_requested: false,
      },
    ];
  });
}

export function fakeTreasurySends(host: TreasuryHost) {
  return { sends: sends(host), explorer_tx_url: null };
}

export function fakeRetryTreasurySend(
  host: TreasuryHost,
  params: { source: TreasurySource; id: string },
) {
  const send = sends(host).find((row) => row.source === params.source && row.id === params.id);
  if (!send) throw host.fail(404, 'errors.notFound');
  host.recordAudit('treasury.retry', send.id, {
    source: send.source,
    nonce: send.nonce,
    txHash: send.tx_hash,
    versions: send.versions,
  });
  host.versions()[send.id] = send.versions + 1;
  return { send: { ...send, retry_requested: true } };
}
