import type { PasswordHasher } from '../services/passwords.ts';
import { createSaleService, seedLiveSale } from '../services/sale.ts';
import type { Database } from '../db/database.ts';
import { seedDemoBrands } from './demo-brands.ts';

/** A fully verified account to try every signed-in screen without registering first. */
export const DEMO_USER = {
  name: 'Demo User',
  email: 'demo@brnd.example',
  password: 'Demo123!x',
  mobile: '+48500100200',
  address: 'ul. Prosta 20, 00-850 Warszawa',
  referralCode: 'DEMOBRND',
} as const;

/**
 * Demo data for an empty database. Each later feature appends its own step (brands, a live token
 * sale, orders …) that builds on the rows before it. Not a migration: production never runs it.
 */
export async function seedDemo(db: Database, hasher: PasswordHasher): Promise<void> {
  await db.models.User.create({
    name: DEMO_USER.name,
    email: DEMO_USER.email,
    mobile: DEMO_USER.mobile,
    address: DEMO_USER.address,
    passwordHash: await hasher.hash(DEMO_USER.password),
    emailVerifiedAt: new Date(),
    phoneVerifiedAt: new Date(),
    referralCode: DEMO_USER.referralCode,
    referredBy: null,
    language: 'en',
  });
  // Brands with logos and this month's votes, so the voting page looks alive.
  await seedDemoBrands(db, DEMO_USER.email);
  // A live sale, so every buy flow can be tried.
  await seedLiveSale(createSaleService({ db, cardProviderUrl: '' }));
}

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM users) AS empty',
  );
  return row?.empty ?? true;
}

/** Seeds only a database without users, so restarts and second instances leave data alone. */
export async function seedIfEmpty(db: Database, hasher: PasswordHasher): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, hasher);
  return true;
}
