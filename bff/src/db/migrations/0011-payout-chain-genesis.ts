import type { Migration } from '../migrate.ts';

/**
 * A payout remembers the chain it was signed for by its genesis block too: a dev chain restarted
 * fresh keeps its chain id, and a transaction signed for the old one can never be mined there.
 */
export const payoutChainGenesis: Migration = {
  name: '0011-payout-chain-genesis',
  async up({ context: sequelize }) {
    await sequelize.query('ALTER TABLE payouts ADD COLUMN genesis_hash text');
  },
  async down({ context: sequelize }) {
    await sequelize.query('ALTER TABLE payouts DROP COLUMN genesis_hash');
  },
};
