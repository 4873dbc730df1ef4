import type { Buyback } from '@brnd/contracts/api/burns';
import { AUDIT_LOG_PAGE_SIZE } from '@brnd/contracts/domain/constants';
import { FakeError, type FakeMarket, type UserRecord, randomHex, randomUuid } from './records.ts';
import type { FakeCore } from './core.ts';

/** The fake's buyback wallet (anvil's dev buyback account, decision 063). */
export const FAKE_BUYBACK_WALLET = '0xBcd4042DE499D14e55001CcbB24a551F3b954096';

/**
 * The demo's market: two purchases of 10,000,000 BRND each delivered to the buyback wallet, whose
 * hashes the stories record buybacks with.
 */
export function demoMarket(): FakeMarket {
  return {
    purchases: { [`0x${'ab'.repeat(32)}`]: 10_000_000, [`0x${'cd'.repeat(32)}`]: 10_000_000 },
    available: 20_000_000,
  };
}

const fieldError = (field: string, messageId: string) =>
  new FakeError(409, messageId, { errors: { [field]: messageId } });

/** The operator console's buybacks, burns and audit log. */
export function fakeOperatorConsole(core: FakeCore) {
  const { now, recordAudit, buybacksNewestFirst } = core;
  const market = () => (core.state.market ??= demoMarket());
  return {
    /** The market sells `tokens` BRND into the buyback wallet (or elsewhere): the purchase's hash. */
    sellOnMarket(tokens: number, to: 'buyback' | 'elsewhere' = 'buyback'): string {
      const hash = `0x${randomHex(32)}`;
      market().purchases[hash] = to === 'buyback' ? tokens : 0;
      if (to === 'buyback') market().available += tokens;
      return hash;
    },

    /** The buyback wallet's BRND moved away by hand. */
    emptyBuybackWallet() {
      market().available = 0;
    },

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
      // As the bff: the purchase on the chain first, what is taken next, then the wallet.
      const delivered = market().purchases[input.purchase_tx_hash.toLowerCase()];
      if (delivered === undefined) {
        throw fieldError('purchase_tx_hash', 'admin.buybacks.errors.purchaseNotFound');
      }
      if (delivered < input.brnd_amount) {
        throw fieldError('brnd_amount', 'admin.buybacks.errors.purchaseShort');
      }
      if (core.state.buybacks.some((buyback) => buyback.quarter === input.quarter)) {
        throw fieldError('quarter', 'admin.buybacks.errors.quarterTaken');
      }
      if (
        core.state.buybacks.some(
          (buyback) =>
            buyback.purchase_tx_hash?.toLowerCase() === input.purchase_tx_hash.toLowerCase(),
        )
      ) {
        throw fieldError('purchase_tx_hash', 'admin.buybacks.errors.purchaseTaken');
      }
      if (market().available < input.brnd_amount) {
        throw fieldError('brnd_amount', 'admin.buybacks.errors.walletShort');
      }
      market().available -= input.brnd_amount;
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
