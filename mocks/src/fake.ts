import type { OutboxMessage } from '@brnd/contracts/api/dev';
import { REFERRAL_REWARD_BRAND_BRND } from '@brnd/contracts/domain/constants';
import { demoSeed, type FakeSeed } from './seed.ts';
import {
  type UserRecord,
  type BrandRecord,
  type BrandVerificationStatus,
  type FakeState,
  type FakeOptions,
} from './fake/records.ts';
import { createFakeCore } from './fake/core.ts';
import { fakeAccounts } from './fake/accounts.ts';
import { fakeOperatorConsole } from './fake/admin.ts';
import { fakeWallet } from './fake/wallet.ts';
import { fakeOrders } from './fake/orders.ts';
import { fakeReferrals } from './fake/referrals.ts';
import { fakeBrands } from './fake/brands.ts';
import { fakeContent } from './fake/content.ts';
export { FakeError, NEEDS_PHONE_MESSAGE, randomCode, recordActivity } from './fake/records.ts';
export type { BrandVerificationStatus, FakeOptions } from './fake/records.ts';

/**
 * A stateful in-memory stand-in for the whole BRND API, with the same rules as the bff: accounts
 * and their verification steps, sessions, codes and throttling, the outbox, wallet, orders,
 * referrals, brands and votes. No HTTP here: handlers.ts maps requests onto these methods.
 * The state is plain JSON, so the browser worker can keep it across page loads.
 *
 * Split as the bff's services are: fake/core.ts holds the state and the shared lookups, and
 * each part (fake/accounts.ts, fake/brands.ts, fake/orders.ts …) returns its operations.
 */

export type Fake = ReturnType<typeof createFake>;

export function createFake(seed: FakeSeed = demoSeed, options: FakeOptions = {}) {
  const core = createFakeCore(seed, options);
  const { now, appUrl, recordAudit, send, userByEmail, paymentDesk, currentVotes, rewardReferral } =
    core;
  return {
    appUrl,
    ...paymentDesk,

    /** Back to the seed: every request made so far is forgotten. */
    reset() {
      core.state = core.fresh();
    },

    /** The whole state as JSON, and back, so the browser worker survives a page load. */
    exportState(): string {
      return JSON.stringify(core.state);
    },
    importState(json: string) {
      core.state = JSON.parse(json) as FakeState;
    },

    /** The fake's clock. */
    now,

    /**
     * The state of a feature kept in its own file (mocks/src/brand-tokens.ts), created on first
     * use; it is reset, exported and imported with the rest.
     */
    extension<T>(key: string, create: () => T): T {
      const extensions = (core.state.extensions ??= {});
      if (!(key in extensions)) extensions[key] = create();
      return extensions[key] as T;
    },

    /** An account by e-mail (any case), for features that address users by e-mail. */
    userByEmail(email: string): UserRecord | undefined {
      return userByEmail(email);
    },

    /** Who owns a brand and whether operators verified it; undefined for an unknown brand. */
    brandAccess(brandId: number) {
      const brand = core.state.brands.find((candidate) => candidate.id === brandId);
      if (!brand) return undefined;
      return {
        id: brand.id,
        name: brand.name,
        ownerId: brand.ownerId === undefined ? brand.createdBy : brand.ownerId,
        verificationStatus: brand.verificationStatus ?? ('verified' as BrandVerificationStatus),
      };
    },

    /** Stories and tests: an operator's decision on a brand. */
    setBrandVerification(brandId: number, status: BrandVerificationStatus) {
      const brand = core.state.brands.find((candidate) => candidate.id === brandId);
      if (brand) brand.verificationStatus = status;
    },

    /** Stories and tests: a payout wallet the user proved by signature earlier (decision 042). */
    setProvenWallet(email: string, address: string) {
      const user = userByEmail(email);
      if (user) Object.assign(user.wallet, { walletAddress: address, walletVerified: true });
    },

    /** An e-mail into the outbox, for features kept in their own files. */
    sendMail(to: string, subject: string, text: string) {
      send({ channel: 'email', to, subject, text });
    },

    /**
     * What the operator console's verification and contest sections (mocks/src/admin-*.ts) act
     * on: the records themselves, a fresh id, and the audit log every operator action appends to.
     */
    operatorDesk() {
      return {
        users: core.state.users,
        brands: core.state.brands,
        companies: (core.state.companies ??= []),
        votes: core.state.votes,
        winners: (core.state.winners ??= []),
        nextId: () => core.state.nextId++,
        recordAudit,
        /** A brand's votes in the running contest month (null: none yet). */
        currentVotes,
        /** An operator verified the brand: its referrer's reward, once (decision 041). */
        rewardVerifiedBrand(brand: BrandRecord, owner: UserRecord) {
          if (brand.referralRewarded) return;
          brand.referralRewarded = true;
          rewardReferral(brand.referralCode, REFERRAL_REWARD_BRAND_BRND, 'brand', owner);
        },
      };
    },

    /** The user a bearer token belongs to, if the session is alive. */
    authenticate(token: string | undefined): UserRecord | null {
      if (!token) return null;
      const session = core.state.sessions.find((candidate) => candidate.token === token);
      if (!session || session.expiresAt <= now()) return null;
      return core.state.users.find((user) => user.id === session.userId) ?? null;
    },

    /** Newest first, as GET /dev/outbox answers. */
    outbox(): OutboxMessage[] {
      return core.state.outbox.map((message) => ({ ...message }));
    },

    ...fakeAccounts(core),
    ...fakeOperatorConsole(core),
    ...fakeWallet(core),
    ...fakeOrders(core),
    ...fakeReferrals(core),
    ...fakeBrands(core),
    ...fakeContent(core),
  };
}

export type { UserRecord as FakeUser, BrandRecord as FakeBrand };
