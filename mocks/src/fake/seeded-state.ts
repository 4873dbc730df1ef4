import {
  ORDER_EXPIRY_MS,
  type OrderStatusCode,
  type TransactionStatus,
} from '@brnd/contracts/domain/constants';
import { tokensForUsd } from '@brnd/contracts/domain/sale';
import { liveSaleSettings, quoteCryptoAmount, salePrice, type SaleSettings } from '../sale.ts';
import { type FakeSeed } from '../seed.ts';
import { seededWinners } from '../brands.ts';
import {
  type UserRecord,
  type OrderRecord,
  type FakeState,
  randomHex,
  randomUuid,
  blockchainAddress,
  recordActivity,
  listStatus,
  brandRecord,
} from './records.ts';

/** The state a fake starts from, and returns to on reset: the seed's accounts, brands, orders and history. */
export function seededState(seed: FakeSeed, at: number, appUrl: string): FakeState {
  const fresh: FakeState = {
    nextId: 1,
    users: [],
    auditLog: [],
    buybacks: [],
    sessions: [],
    codes: [],
    smsCodes: [],
    smsSends: [],
    limits: {},
    outbox: [],
    orders: [],
    cardTransactions: [],
    referralLinks: [],
    brands: [],
    votes: [],
    contactMessages: [],
    newsletter: [],
    sale: liveSaleSettings(at, appUrl),
  };
  const seedPrice = salePrice(fresh.sale as SaleSettings);
  for (const brand of seed.brands) fresh.brands.push(brandRecord(brand, fresh.nextId++, at));
  for (const buyback of seed.buybacks ?? []) {
    fresh.buybacks.push({
      id: `buyback-${buyback.quarter}`,
      quarter: buyback.quarter,
      subscription_profit_usd: buyback.subscription_profit_usd,
      buyback_usd: buyback.buyback_usd,
      brnd_burned: buyback.brnd_burned,
      status: 'confirmed',
      tx_hash: `0x${randomHex(32)}`,
      purchase_tx_hash: `0x${randomHex(32)}`,
      error: null,
      created_at: new Date(at - buyback.ageMs).toISOString(),
    });
  }
  for (const entry of [...(seed.auditLog ?? [])].sort((x, y) => y.ageMs - x.ageMs)) {
    fresh.auditLog.push({
      id: String(fresh.auditLog.length + 1),
      created_at: new Date(at - entry.ageMs).toISOString(),
      actor_email: entry.actor,
      action: entry.action,
      subject: entry.subject,
      details: entry.details ?? {},
    });
  }
  for (const seedUser of seed.users) {
    const user: UserRecord = {
      id: fresh.nextId++,
      name: seedUser.name,
      email: seedUser.email,
      mobile: seedUser.mobile,
      address: seedUser.address,
      password: seedUser.password,
      emailVerified: seedUser.emailVerified,
      phoneVerified: seedUser.phoneVerified,
      referralCode: seedUser.referralCode,
      role: seedUser.role ?? 'user',
      language: seedUser.language ?? 'en',
      wallet: {
        amount: 0,
        brnd_tokens: seedUser.bonusTokens ?? 0,
        walletAddress: seedUser.walletAddress ?? null,
        // Seeded addresses stand for ones proven earlier, unless a story says otherwise.
        walletVerified: Boolean(seedUser.walletAddress) && seedUser.walletVerified !== false,
      },
    };
    fresh.users.push(user);
    if (seedUser.bonusTokens) {
      // Rewards earned before the seed's story begins (votes, referrals).
      recordActivity(fresh, user.id, at - 30 * 24 * 60 * 60_000, 'other', seedUser.bonusTokens);
    }
    for (const order of seedUser.orders ?? []) {
      const createdAt = at - order.ageMs;
      const record: OrderRecord = {
        userId: user.id,
        uuid: randomUuid(),
        method: order.method,
        value: order.value,
        price: seedPrice,
        tokens: tokensForUsd(order.value, seedPrice),
        createdAt,
      };
      if (order.method === 'PLN') {
        record.cardStatus = order.status as TransactionStatus;
      } else {
        record.crypto = {
          status: order.status as OrderStatusCode,
          destinationAmount: quoteCryptoAmount(order.method, order.value),
          address: blockchainAddress(order.method),
          shopOrderId: String(100_000 + fresh.orders.length),
          expiresAt: createdAt + ORDER_EXPIRY_MS,
        };
      }
      fresh.orders.push(record);
      if (listStatus(record) === 'Confirmed') {
        user.wallet.amount += record.value;
        user.wallet.brnd_tokens += record.tokens;
        recordActivity(fresh, user.id, createdAt, 'purchase', record.tokens, {
          type: order.method === 'PLN' ? 'card_order' : 'order',
          id: record.uuid,
        });
      }
    }
    for (const link of seedUser.referralLinks ?? []) {
      fresh.referralLinks.push({
        userId: user.id,
        code: link.suffix ? `${user.referralCode}-${link.suffix}` : user.referralCode,
        description: link.description,
        clicks: link.clicks,
        signups: link.signups,
        tokens: link.tokens,
      });
    }
    for (const vote of seedUser.votes ?? []) {
      const brand = fresh.brands.find((candidate) => candidate.name === vote.brand);
      if (brand) fresh.votes.push({ userId: user.id, brandId: brand.id, at: at - vote.ageMs });
    }
    for (const name of seedUser.ownBrands ?? []) {
      const brand = fresh.brands.find((candidate) => candidate.name === name);
      if (brand) brand.createdBy = brand.ownerId = user.id;
    }
  }
  // The demo's last month was won by the brand with the most votes this month.
  const leader = [...fresh.brands].sort((a, b) => (b.votes ?? 0) - (a.votes ?? 0))[0];
  fresh.winners = seededWinners(leader, at);
  fresh.companies = [];
  return fresh;
}
