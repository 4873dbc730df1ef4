import type { Migration } from '../migrate.ts';

/**
 * One nonce per treasury transaction across payouts, buyback burns and brand token sends: a
 * primary key on (chain, genesis, nonce) makes a nonce given twice a constraint violation instead
 * of two transactions fighting for it. Each nonce keeps every version signed for it (the first
 * and its fee bumps), so a version mined in place of the latest is still recognised as ours.
 */
export const treasuryTransactions: Migration = {
  name: '0085-treasury-transactions',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE treasury_nonces (
        chain_id bigint NOT NULL,
        genesis_hash text NOT NULL,
        nonce bigint NOT NULL CHECK (nonce >= 0),
        source text NOT NULL CHECK (source IN ('payouts', 'buybacks', 'brand_token_sends')),
        source_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chain_id, genesis_hash, nonce),
        UNIQUE (source, source_id)
      );
      CREATE TABLE treasury_transaction_versions (
        chain_id bigint NOT NULL,
        genesis_hash text NOT NULL,
        nonce bigint NOT NULL,
        version integer NOT NULL CHECK (version >= 1),
        raw_transaction text NOT NULL,
        tx_hash text NOT NULL UNIQUE,
        max_fee_per_gas numeric(78, 0) NOT NULL,
        max_priority_fee_per_gas numeric(78, 0) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chain_id, genesis_hash, nonce, version),
        FOREIGN KEY (chain_id, genesis_hash, nonce)
          REFERENCES treasury_nonces (chain_id, genesis_hash, nonce) ON DELETE RESTRICT
      );
    `);
    // Rows signed before this migration: their nonce and their one version.
    for (const source of ['payouts', 'buybacks', 'brand_token_sends']) {
      await sequelize.query(`
        INSERT INTO treasury_nonces (chain_id, genesis_hash, nonce, source, source_id)
        SELECT chain_id, genesis_hash, nonce, '${source}', id FROM ${source}
        WHERE nonce IS NOT NULL AND genesis_hash IS NOT NULL
        ON CONFLICT DO NOTHING;
        INSERT INTO treasury_transaction_versions
          (chain_id, genesis_hash, nonce, version, raw_transaction, tx_hash, max_fee_per_gas,
           max_priority_fee_per_gas)
        SELECT s.chain_id, s.genesis_hash, s.nonce, 1, s.raw_transaction, s.tx_hash, 0, 0
        FROM ${source} s JOIN treasury_nonces n
          ON n.source = '${source}' AND n.source_id = s.id
        WHERE s.raw_transaction IS NOT NULL
        ON CONFLICT DO NOTHING;
      `);
    }
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE treasury_transaction_versions; DROP TABLE treasury_nonces');
  },
};
