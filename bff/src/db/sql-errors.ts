/** The SQLSTATE codes the services act on (PostgreSQL's "Error Codes" appendix). */
export const SQL_STATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  deadlockDetected: '40P01',
} as const;

/**
 * A failed statement's SQLSTATE and constraint, from pg's error or from the Sequelize error that
 * wraps it (`.parent`): `db.query` answers either, depending on the path it took.
 */
export function sqlError(error: unknown): { code?: string; constraint?: string } {
  const own = error as { code?: string; constraint?: string; parent?: typeof own };
  return {
    code: own.parent?.code ?? own.code,
    constraint: own.parent?.constraint ?? own.constraint,
  };
}
