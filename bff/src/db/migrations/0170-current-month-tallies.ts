import type { Migration } from '../migrate.ts';

/**
 * A brand's votes of the current contest month, as every listing reads them (`MONTH_VOTES` in
 * services/brands.ts: one probe per brand shown), from one compact stretch of an index
 * (decision 078).
 *
 * The primary key (brand_id, month) puts each brand's months side by side, so the current
 * month's tallies of the 100 brands a search shows lie on ~100 different leaf pages spread over
 * the whole index (155 MB at 1 M brands): at that size most of them were read from disk on every
 * search and details page, which made their latency grow with the table. Ordered by month first,
 * the current month's entries of all brands are one run of a few MB that stays in memory, and
 * with `votes` included each probe is an index-only scan (no heap page). The price is one more
 * index entry when a tally changes.
 */
export const currentMonthTallies: Migration = {
  name: '0170-current-month-tallies',
  async up({ context: sequelize }) {
    await sequelize.query(
      'CREATE INDEX brand_month_votes_month_brand_idx ON brand_month_votes (month, brand_id) INCLUDE (votes)',
    );
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP INDEX brand_month_votes_month_brand_idx');
  },
};
