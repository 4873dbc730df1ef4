import type { SaleSettingsInputSchema } from '@brnd/contracts/api/admin-sale';
import type { Sale } from '@brnd/contracts/api/sale';
import { PLN_PER_USD } from '@brnd/contracts/domain/constants';
import {
  DEFAULT_TOKEN_PRICE_USD,
  SALE_GOAL_USD,
  SALE_STAGE_NAMES,
  SALE_TIER_NAMES,
  SALE_TOTAL_SUPPLY_TOKENS,
  tierTotalUsd,
  type SaleTierDefinition,
} from '@brnd/contracts/domain/sale';
import type { Transaction } from 'sequelize';
import type * as v from 'valibot';
import type { Database } from '../db/database.ts';
import type { AuditLog } from './audit-log.ts';
import { orderStatusSql } from './orders/status-sql.ts';

/** What orders are priced with right now. */
export interface SaleTerms {
  price: number;
  plnPerUsd: number;
  /** Null when no end is set. */
  endsAt: Date | null;
}

export interface SaleService {
  /** The sale as `GET /api/sale` answers it; raised is summed from paid orders. */
  sale(): Promise<Sale>;
  terms(options?: { transaction?: Transaction }): Promise<SaleTerms>;
  /**
   * An operator's edit of tiers, active tier, stages and end date (already validated by the
   * contract), with its audit entry (before and after) in the same transaction.
   */
  update(
    operator: { id: string; email: string },
    input: v.InferOutput<typeof SaleSettingsInputSchema>,
    audit: AuditLog,
  ): Promise<Sale>;
  /** Demo seed and tests: another configuration. */
  configure(changes: {
    activeTier?: number | null;
    endsAt?: Date | null;
    plnPerUsd?: number;
    activeStages?: string[];
    stageMonths?: string[];
  }): Promise<void>;
}

interface ConfigRow {
  active_tier: number | null;
  ends_at: Date | null;
  pln_per_usd: string;
  ieo_url: string;
}

export function priceOf(tiers: readonly SaleTierDefinition[], activeTier: number | null): number {
  return tiers.find((tier) => tier.id === activeTier)?.price ?? DEFAULT_TOKEN_PRICE_USD;
}

/** The tiers as operators last set them (migration 0058 starts from the spec's table). */
async function readTiers(db: Database, transaction?: Transaction): Promise<SaleTierDefinition[]> {
  const rows = await db.query<{ id: number; tokens: string; price: string }>(
    'SELECT id, tokens::text, price::text FROM sale_tiers ORDER BY id',
    [],
    transaction ? { transaction } : {},
  );
  return rows.map((row) => ({
    id: row.id,
    name: SALE_TIER_NAMES[row.id - 1] ?? SALE_TIER_NAMES[0],
    tokens: Number(row.tokens),
    price: Number(row.price),
  }));
}

export function createSaleService({
  db,
  cardProviderUrl,
}: {
  db: Database;
  /** The card provider's origin the browser posts its initialisation to. */
  cardProviderUrl: string;
}): SaleService {
  async function config(transaction?: Transaction): Promise<ConfigRow> {
    const [row] = await db.query<ConfigRow>(
      'SELECT active_tier, ends_at, pln_per_usd::text, ieo_url FROM sale_config',
      [],
      transaction ? { transaction } : {},
    );
    if (!row) throw new Error('sale_config has no row: run the migrations');
    return row;
  }

  const service: SaleService = {
    async sale() {
      const [row, tiers, stages, [raised]] = await Promise.all([
        config(),
        readTiers(db),
        db.query<{ name: (typeof SALE_STAGE_NAMES)[number]; month: string; active: boolean }>(
          'SELECT name, month, active FROM sale_stages ORDER BY position',
        ),
        db.query<{ usd: string }>(
          // Credits an operator decided (partial, over- and late payments) are money raised too.
          `SELECT (coalesce((SELECT sum(usd) FROM crypto_orders WHERE ${orderStatusSql.is('PAID')}), 0)
                 + coalesce((SELECT sum(usd) FROM card_orders WHERE status = 'paid'), 0)
                 + coalesce((SELECT sum(usd) FROM payment_resolutions WHERE decision = 'credit'), 0)
                 )::text AS usd`,
        ),
      ]);
      return {
        tiers: tiers.map((tier) => ({
          ...tier,
          total: tierTotalUsd(tier),
          active: tier.id === row.active_tier,
        })),
        activeTier: row.active_tier,
        price: priceOf(tiers, row.active_tier),
        stages,
        endsAt: row.ends_at ? row.ends_at.toISOString() : null,
        totalSupply: SALE_TOTAL_SUPPLY_TOKENS,
        tokensOffered: tiers.reduce((sum, tier) => sum + tier.tokens, 0),
        raised: Number(raised?.usd ?? 0),
        goal: SALE_GOAL_USD,
        plnPerUsd: Number(row.pln_per_usd),
        ieoUrl: row.ieo_url,
        cardProviderUrl,
      };
    },
    async terms(options = {}) {
      // One statement: every order asks, so it costs one pooled connection, not two.
      const [row] = await db.query<{
        tier_price: string | null;
        pln_per_usd: string;
        ends_at: Date | null;
      }>(
        `SELECT t.price::text AS tier_price, c.pln_per_usd::text, c.ends_at
         FROM sale_config c LEFT JOIN sale_tiers t ON t.id = c.active_tier`,
        [],
        options.transaction ? { transaction: options.transaction } : {},
      );
      if (!row) throw new Error('sale_config has no row: run the migrations');
      return {
        price: row.tier_price === null ? DEFAULT_TOKEN_PRICE_USD : Number(row.tier_price),
        plnPerUsd: Number(row.pln_per_usd) || PLN_PER_USD,
        endsAt: row.ends_at,
      };
    },
    async update(operator, input, audit) {
      await db.transaction(async (transaction) => {
        // One editor at a time: the before/after pair of each audit entry is exact.
        const [before] = await db.query<ConfigRow>(
          'SELECT active_tier, ends_at, pln_per_usd::text, ieo_url FROM sale_config FOR UPDATE',
          [],
          { transaction },
        );
        if (!before) throw new Error('sale_config has no row: run the migrations');
        const [tiersBefore, stagesBefore] = await Promise.all([
          readTiers(db, transaction),
          db.query<{ name: string; month: string; active: boolean }>(
            'SELECT name, month, active FROM sale_stages ORDER BY position',
            [],
            { transaction },
          ),
        ]);
        await db.query(
          `UPDATE sale_tiers t SET tokens = n.tokens, price = n.price
           FROM unnest($1::bigint[], $2::numeric[]) WITH ORDINALITY AS n(tokens, price, id)
           WHERE t.id = n.id`,
          [input.tiers.map((tier) => tier.tokens), input.tiers.map((tier) => tier.price)],
          { transaction },
        );
        await db.query(
          `UPDATE sale_stages s SET month = n.month, active = n.active
           FROM unnest($1::text[], $2::boolean[]) WITH ORDINALITY AS n(month, active, position)
           WHERE s.position = n.position`,
          [input.stages.map((stage) => stage.month), input.stages.map((stage) => stage.active)],
          { transaction },
        );
        const endsAt = new Date(input.endsAt);
        await db.query(
          'UPDATE sale_config SET active_tier = $1, ends_at = $2, updated_at = now()',
          [input.activeTier, endsAt],
          { transaction },
        );
        const snapshot = (
          tiers: { tokens: number; price: number }[],
          activeTier: number | null,
          stages: { name: string; month: string; active: boolean }[],
          ends: Date | null,
        ) => ({
          tiers: tiers.map(({ tokens, price }) => ({ tokens, price })),
          activeTier,
          stages: stages.map(({ name, month, active }) => ({ name, month, active })),
          endsAt: ends ? ends.toISOString() : null,
        });
        await audit.record(
          {
            actorId: operator.id,
            actorEmail: operator.email,
            action: 'sale.update',
            subject: 'sale',
            details: {
              before: snapshot(tiersBefore, before.active_tier, stagesBefore, before.ends_at),
              after: snapshot(
                input.tiers,
                input.activeTier,
                input.stages.map((stage, index) => ({
                  ...stage,
                  name: SALE_STAGE_NAMES[index] ?? '',
                })),
                endsAt,
              ),
            },
          },
          transaction,
        );
      });
      return service.sale();
    },
    async configure(changes) {
      await db.transaction(async (transaction) => {
        const sets: string[] = [];
        const bind: unknown[] = [];
        if (changes.activeTier !== undefined) {
          bind.push(changes.activeTier);
          sets.push(`active_tier = $${bind.length}`);
        }
        if (changes.endsAt !== undefined) {
          bind.push(changes.endsAt);
          sets.push(`ends_at = $${bind.length}`);
        }
        if (changes.plnPerUsd !== undefined) {
          bind.push(changes.plnPerUsd);
          sets.push(`pln_per_usd = $${bind.length}`);
        }
        if (sets.length > 0) {
          await db.query(`UPDATE sale_config SET ${sets.join(', ')}, updated_at = now()`, bind, {
            transaction,
          });
        }
        if (changes.activeStages) {
          await db.query(
            'UPDATE sale_stages SET active = name = ANY($1::text[])',
            [changes.activeStages],
            { transaction },
          );
        }
        if (changes.stageMonths) {
          await db.query(
            `UPDATE sale_stages s SET month = m.month
             FROM unnest($1::text[]) WITH ORDINALITY AS m(month, position)
             WHERE s.position = m.position`,
            [changes.stageMonths],
            { transaction },
          );
        }
      });
    },
  };
  return service;
}

/** The demo's live sale: Tier IV (0.003 USD), 30 days to go, Pre ICO and Round I active. */
export async function seedLiveSale(sale: SaleService, now = new Date()): Promise<void> {
  const month = (offset: number) => {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  await sale.configure({
    activeTier: 4,
    endsAt: new Date(now.getTime() + 30 * 24 * 60 * 60_000),
    activeStages: ['Pre ICO', 'Round I'],
    stageMonths: SALE_STAGE_NAMES.map((_, index) => month(index - 1)),
  });
}
