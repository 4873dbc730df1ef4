import { type BrandTokenDeps } from './rows.ts';
import { brandTokenAccess } from './access.ts';
import type { BrandTokenAccess, BrandTokenUsage, GiveRows, TokenMoves } from './types.ts';
import { brandTokenUsage } from './usage.ts';
import { giveRows } from './give.ts';
import { tokenMoves } from './transfer.ts';

export interface BrandTokenBase {
  deps: BrandTokenDeps;
}

export type AccessContext = BrandTokenBase & BrandTokenAccess;
export type UsageContext = AccessContext & BrandTokenUsage;
export type GiveContext = UsageContext & GiveRows;
export type MoveContext = GiveContext & TokenMoves;

/**
 * The lookups and steps the operations share, built once per service: each layer may use the
 * ones before it (access, then plan usage, then gives, then moves).
 */
export function brandTokenContext(deps: BrandTokenDeps): MoveContext {
  const c0: BrandTokenBase = { deps };
  const c1 = { ...c0, ...brandTokenAccess(c0) };
  const c2 = { ...c1, ...brandTokenUsage(c1) };
  const c3 = { ...c2, ...giveRows(c2) };
  const c4 = { ...c3, ...tokenMoves(c3) };
  return c4;
}

export type BrandTokenContext = MoveContext;
