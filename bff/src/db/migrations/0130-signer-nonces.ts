import { Transaction } from 'ethers';
import type { Migration } from '../migrate.ts';

/**
 * Nonces per signing account (decision 058): brand tokens are created and minted by a minter key
 * of their own, with its own nonce sequence beside the treasury's. A nonce is unique per chain,
 * genesis and account. Rows signed before this migration get their account from the signature
 * of their first version (every nonce row was stored together with it).
 */
export const signerNonces: Migration = {
  name: '0130-signer-nonces',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE treasury_nonces ADD COLUMN account text;
      ALTER TABLE treasury_transaction_versions ADD COLUMN account text;
    `);
    const [signed] = (await sequelize.query(
      `SELECT chain_id::text, genesis_hash, nonce::text, raw_transaction
       FROM treasury_transaction_versions WHERE version = 1`,
    )) as [
      { chain_id: string; genesis_hash: string; nonce: string; raw_transaction: string }[],
      unknown,
    ];
    for (const row of signed) {
      const account = Transaction.from(row.raw_transaction).from?.toLowerCase();
      if (!account) throw new Error(`nonce ${row.nonce}: its first version has no signer`);
      for (const table of ['treasury_nonces', 'treasury_transaction_versions']) {
        await sequelize.query(
          `UPDATE ${table} SET account = $1 WHERE chain_id = $2 AND genesis_hash = $3 AND nonce = $4`,
          { bind: [account, row.chain_id, row.genesis_hash, row.nonce] },
        );
      }
    }
    await sequelize.query(`
      ALTER TABLE treasury_nonces ALTER COLUMN account SET NOT NULL;
      ALTER TABLE treasury_transaction_versions ALTER COLUMN account SET NOT NULL;
      ALTER TABLE treasury_transaction_versions
        DROP CONSTRAINT treasury_transaction_versions_chain_id_genesis_hash_nonce_fkey,
        DROP CONSTRAINT treasury_transaction_versions_pkey;
      ALTER TABLE treasury_nonces DROP CONSTRAINT treasury_nonces_pkey,
        ADD PRIMARY KEY (chain_id, genesis_hash, account, nonce);
      ALTER TABLE treasury_transaction_versions
        ADD PRIMARY KEY (chain_id, genesis_hash, account, nonce, version),
        ADD CONSTRAINT treasury_transaction_versions_nonce_fkey
          FOREIGN KEY (chain_id, genesis_hash, account, nonce)
          REFERENCES treasury_nonces (chain_id, genesis_hash, account, nonce) ON DELETE RESTRICT;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE treasury_transaction_versions
        DROP CONSTRAINT treasury_transaction_versions_nonce_fkey,
        DROP CONSTRAINT treasury_transaction_versions_pkey;
      ALTER TABLE treasury_nonces DROP CONSTRAINT treasury_nonces_pkey,
        ADD PRIMARY KEY (chain_id, genesis_hash, nonce), DROP COLUMN account;
      ALTER TABLE treasury_transaction_versions DROP COLUMN account,
        ADD PRIMARY KEY (chain_id, genesis_hash, nonce, version),
        ADD FOREIGN KEY (chain_id, genesis_hash, nonce)
          REFERENCES treasury_nonces (chain_id, genesis_hash, nonce) ON DELETE RESTRICT;
    `);
  },
};
