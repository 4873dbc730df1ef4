import type { Migration } from '../migrate.ts';

/**
 * An operator's retry of a stuck treasury send (decision 043, issue #18): the request is kept on
 * the nonce, and the treasury sender's next attempt for that row re-signs it with raised fees
 * (the existing bump path: same nonce, same call, the next version), then clears it. Keeping it
 * in the database means the bump happens under the treasury lock whichever bff replica or job
 * runs the send next, never concurrently with it.
 */
export const treasuryBumpRequests: Migration = {
  name: '0106-treasury-bump-requests',
  async up({ context: sequelize }) {
    await sequelize.query(`ALTER TABLE treasury_nonces ADD COLUMN bump_requested_at timestamptz`);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`ALTER TABLE treasury_nonces DROP COLUMN bump_requested_at`);
  },
};
