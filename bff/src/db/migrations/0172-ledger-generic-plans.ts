import type { Migration } from '../migrate.ts';

/**
 * `ledger_post_batch` plans its statements once per connection (decision 080's addendum).
 *
 * PL/pgSQL caches a plan per statement, but in the default plan cache mode a statement whose
 * generic plan looks dearer than the custom ones is planned again on every call, with that call's
 * arrays. Every statement here is driven by the arrays it is given and reaches its rows through
 * primary or unique keys, so the generic plan is the plan; the replanning was a third of the
 * backend's CPU for a posting made alone (inside a caller's transaction: orders, payouts,
 * referrals).
 */
const SIGNATURE = 'ledger_post_batch(text[], jsonb[], integer[], text[], numeric[])';

export const ledgerGenericPlans: Migration = {
  name: '0172-ledger-generic-plans',
  async up({ context: sequelize }) {
    await sequelize.query(`ALTER FUNCTION ${SIGNATURE} SET plan_cache_mode = force_generic_plan`);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`ALTER FUNCTION ${SIGNATURE} RESET plan_cache_mode`);
  },
};
