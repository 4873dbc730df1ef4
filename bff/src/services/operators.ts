import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { EmailSchema, PasswordSchema } from '@brnd/contracts/domain/rules';
import type { Database } from '../db/database.ts';
import { createAuditLog } from './audit-log.ts';
import type { PasswordHasher } from './passwords.ts';
import { randomReferralCode } from './secrets.ts';

export interface OperatorInput {
  email: string;
  name?: string;
  /** For a new account; without it one is generated and returned once. */
  password?: string;
}

export type OperatorResult =
  | { outcome: 'promoted' | 'already-operator'; email: string }
  | { outcome: 'created'; email: string; password: string };

/** 11 random characters plus one of each class the password rules ask for: 15 in all. */
function generatedPassword(): string {
  return `${randomBytes(8).toString('base64url').slice(0, 11)}Aa7!`;
}

/**
 * Makes `email` an operator: promotes an existing account, or creates a verified one (operators
 * log in like everyone). Idempotent, and recorded in the audit log with the command as actor.
 */
export async function createOperator(
  db: Database,
  hasher: PasswordHasher,
  input: OperatorInput,
): Promise<OperatorResult> {
  const email = v.parse(EmailSchema, input.email);
  if (input.password !== undefined) v.parse(PasswordSchema, input.password);
  const audit = createAuditLog(db);

  return db.transaction(async (transaction) => {
    const existing = await db.models.User.findOne({
      where: db.sequelize.where(db.sequelize.fn('lower', db.sequelize.col('email')), email),
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (existing?.role === 'admin') return { outcome: 'already-operator', email };

    const command = { actorId: null, actorEmail: 'admin:create (command line)', subject: email };
    if (existing) {
      await existing.update({ role: 'admin' }, { transaction });
      await audit.record({ ...command, action: 'operator.promote' }, transaction);
      return { outcome: 'promoted', email };
    }

    const password = input.password ?? generatedPassword();
    const now = new Date();
    await db.models.User.create(
      {
        name: input.name ?? 'Operator',
        email,
        mobile: '',
        passwordHash: await hasher.hash(password),
        emailVerifiedAt: now,
        phoneVerifiedAt: now,
        referralCode: randomReferralCode(),
        referredBy: null,
        role: 'admin',
      },
      { transaction },
    );
    await audit.record({ ...command, action: 'operator.create' }, transaction);
    return { outcome: 'created', email, password };
  });
}
