import type { Buyback } from '@brnd/contracts/api/burns';
import { AUDIT_LOG_PAGE_SIZE } from '@brnd/contracts/domain/constants';
import { FakeError, type UserRecord, randomUuid } from './records.ts';
import type { FakeCore } from './core.ts';

/** The fake's buyback wallet (anvil's dev buyback account, decision 063). */
export const FAKE_BUYBACK_WALLET = '0xBcd4042DE499D14e55001CcbB24a551F3b954096';

/** The operator console's buybacks, burns and audit log. */
export function fakeOperatorConsole(core: FakeCore) {
  const { now, recordAudit, buybacksNewestFirst } = core;
  return {
    buybacks() {
      return { buybacks: buybacksNewestFirst(), wallet: FAKE_BUYBACK_WALLET };
    },

    burns() {
      const confirmed = buybacksNewestFirst().filter((buyback) => buyback.status === 'confirmed');
      return {
        burns: confirmed.map((buyback) => ({
          quarter: buyback.quarter,
          brnd_burned: buyback.brnd_burned,
          buyback_usd: buyback.buyback_usd,
          tx_hash: buyback.tx_hash as string,
          burned_at: buyback.created_at,
        })),
        total_burned: confirmed.reduce((sum, buyback) => sum + buyback.brnd_burned, 0),
      };
    },

    recordBuyback(
      operator: UserRecord,
      input: {
        quarter: string;
        subscription_profit_usd: number;
        buyback_usd: number;
        brnd_amount: number;
        purchase_tx_hash: string;
      },
    ) {
      if (core.state.buybacks.some((buyback) => buyback.quarter === input.quarter)) {
        throw new FakeError(409, 'admin.buybacks.errors.quarterTaken', {
          errors: { quarter: 'admin.buybacks.errors.quarterTaken' },
        });
      }
      // The fake has no chain: any purchase counts, but only for one buyback, as in the bff.
      if (
        core.state.buybacks.some((buyback) => buyback.purchase_tx_hash === input.purchase_tx_hash)
      ) {
        throw new FakeError(409, 'admin.buybacks.errors.purchaseTaken', {
          errors: { purchase_tx_hash: 'admin.buybacks.errors.purchaseTaken' },
        });
      }
      const buyback: Buyback = {
        id: randomUuid(),
        quarter: input.quarter,
        subscription_profit_usd: input.subscription_profit_usd,
        buyback_usd: input.buyback_usd,
        brnd_burned: input.brnd_amount,
        status: 'pending',
        tx_hash: null,
        purchase_tx_hash: input.purchase_tx_hash,
        error: null,
        created_at: new Date(now()).toISOString(),
      };
      core.state.buybacks.push(buyback);
      core.markSent(buyback.id);
      recordAudit(operator, 'buyback.record', input.quarter, { ...input });
      return { buyback };
    },

    auditLog(query: { action?: string; actor?: string; offset?: number }) {
      const actor = query.actor?.toLowerCase();
      const matching = core.state.auditLog
        .filter((entry) => !query.action || entry.action.startsWith(query.action))
        .filter((entry) => !actor || entry.actor_email.toLowerCase().includes(actor))
        .reverse();
      const offset = query.offset ?? 0;
      return {
        entries: matching.slice(offset, offset + AUDIT_LOG_PAGE_SIZE),
        count: matching.length,
      };
    },
  };
}
