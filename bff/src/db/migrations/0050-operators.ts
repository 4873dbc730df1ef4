import type { Migration } from '../migrate.ts';

/**
 * Operators and their audit log. An operator is a user with the `admin` role (granted only by
 * the `admin:create` command). Every admin action appends one row to `admin_audit_log`; like
 * the ledger, the table refuses updates and deletes, so the record cannot be rewritten.
 */
export const operators: Migration = {
  name: '0050-operators',
  async up({ context: sequelize }) {
    await sequelize.query(`
      ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin'));

      CREATE TABLE admin_audit_log (
        id bigserial PRIMARY KEY,
        actor_id uuid REFERENCES users (id) ON DELETE RESTRICT,
        actor_email text NOT NULL,
        action text NOT NULL,
        subject text NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC, id DESC);
      CREATE INDEX admin_audit_log_action_idx ON admin_audit_log (action, created_at DESC);
      CREATE INDEX admin_audit_log_actor_idx ON admin_audit_log (actor_id, created_at DESC);

      CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the admin audit log is append-only (% refused)', TG_OP;
      END $$;
      CREATE TRIGGER admin_audit_log_append_only
        BEFORE UPDATE OR DELETE OR TRUNCATE ON admin_audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only();
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP TABLE admin_audit_log;
      DROP FUNCTION admin_audit_log_append_only();
      ALTER TABLE users DROP COLUMN role;
    `);
  },
};
