import type { Migration } from '../migrate.ts';

/**
 * A ticker names one live token across the platform (a failed deployment frees it): the index
 * settles two brands racing for the same ticker.
 */
export const brandTokenTickers: Migration = {
  name: '0062-brand-token-tickers',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE UNIQUE INDEX brand_tokens_live_ticker_key ON brand_tokens (upper(ticker))
        WHERE status <> 'failed';
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP INDEX brand_tokens_live_ticker_key');
  },
};
