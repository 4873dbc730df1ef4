import type {
  BrandToken,
  brandConsole,
  checkRedemption,
  myTokens,
  Offer,
  PlanUsage,
  Redemption,
  tokenHistory,
} from '@brnd/contracts/api/brand-tokens';
import type { EndpointResponse } from '@brnd/contracts/api/endpoint';
import type { PlanId } from '@brnd/contracts/domain/plans';
import type { Transaction } from 'sequelize';
import type { PlatformChain } from '../../chain/platform-chain.ts';
import type { Language } from '../../db/models.ts';
import type { CsvGiveRow, CsvLineError } from './csv.ts';
import type {
  AccountOf,
  BrandRow,
  BulkOutcome,
  GiveOutcome,
  Recipient,
  SendQueue,
  TokenRow,
} from './rows.ts';

/**
 * What each brand-tokens module offers, named (issue #14): the service's operations, which the
 * routes call, and the steps the modules share through the context (context.ts), layer by layer.
 * A module returns its part (`Pick<BrandTokenService, …>` or one of the step interfaces), so a
 * change to a signature shows here first.
 */

/** The customer a move is made for, as the session knows them. */
export interface TokenCustomer {
  id: string;
  email: string;
  name: string;
}

/** Token-as-a-service's operations (decision 015). */
export interface BrandTokenService {
  /** Moves the user's held gives (tokens given to their address before they had an account). */
  claimHolds(userId: string, transaction?: Transaction): Promise<number>;
  /** The owner's console: the brand, its plan usage, tokens with their figures, and offers. */
  console(userId: string, brandId: number): Promise<EndpointResponse<typeof brandConsole>>;
  /** Issues a token for a verified brand; the same `request_id` answers the same token. */
  issue(
    userId: string,
    brandId: number,
    input: { name: string; ticker: string; cap: number; request_id: string },
  ): Promise<BrandToken>;
  give(
    userId: string,
    tokenId: string,
    input: { recipient: string; amount: number; request_id: string },
    language?: Language,
  ): Promise<GiveOutcome>;
  /** Preview (`apply` false) or apply a parsed CSV; bad rows apply nothing (422). */
  bulkGive(
    userId: string,
    tokenId: string,
    parsed: { rows: CsvGiveRow[]; errors: CsvLineError[] },
    input: { apply: boolean; request_id: string; language: Language },
  ): Promise<BulkOutcome>;
  createOffer(
    userId: string,
    tokenId: string,
    input: { title: string; description: string; price: number },
  ): Promise<Offer>;
  /** Ends an offer of the user's verified brand: no new redemptions, codes given stay valid. */
  endOffer(userId: string, offerId: string): Promise<Offer>;
  /** Marks a redemption code used (once) at the brand that issued it. */
  checkCode(
    userId: string,
    brandId: number,
    code: string,
  ): Promise<EndpointResponse<typeof checkRedemption>>;
  redeem(userId: string, offerId: string, requestId: string): Promise<Redemption>;
  mine(userId: string): Promise<EndpointResponse<typeof myTokens>>;
  history(userId: string, tokenId: string): Promise<EndpointResponse<typeof tokenHistory>>;
  transfer(
    user: TokenCustomer,
    tokenId: string,
    input: { recipient: string; amount: number; request_id: string },
    language?: Language,
  ): Promise<GiveOutcome>;
  /** Sends the user's tokens to their proven wallet. */
  claim(
    user: TokenCustomer,
    tokenId: string,
    input: { amount: number; request_id: string },
  ): Promise<GiveOutcome>;
}

/** Loading brands and tokens with the owner's checks; the chain and mail steps (access.ts). */
export interface BrandTokenAccess {
  loadBrand(brandId: number, transaction?: Transaction): Promise<BrandRow>;
  /** The brand, if `userId` owns it (else the same 404 as an unknown one). */
  ownBrand(userId: string, brandId: number): Promise<BrandRow>;
  /** As ownBrand, and verified. */
  verifiedBrand(userId: string, brandId: number): Promise<BrandRow>;
  loadToken(tokenId: string, transaction?: Transaction): Promise<TokenRow>;
  /** The token and its brand, for the brand's verified owner. */
  consoleToken(userId: string, tokenId: string): Promise<{ token: TokenRow; brand: BrandRow }>;
  activeToken(tokenId: string): Promise<TokenRow>;
  requireChain(): { chain: PlatformChain; queue: SendQueue };
  mailReceived(
    recipients: { email: string; language: Language; amount: number; hasAccount: boolean }[],
    token: { ticker: string },
    sender: string,
  ): void;
  verifiedRecipients(emails: string[], transaction: Transaction): Promise<Map<string, Recipient>>;
  recordMints(
    token: TokenRow,
    mints: { to: string; amount: bigint }[],
    refundAccount: string,
    transaction: Transaction,
  ): Promise<string[]>;
  redeploy(tokenId: string, t: Transaction): Promise<void>;
}

/** A token's figures in the console. */
export type TokenStats = EndpointResponse<typeof brandConsole>['stats'][number];

/** Plan usage and daily volume, open holds, holdings and figures (usage.ts). */
export interface BrandTokenUsage {
  planUsage(brand: BrandRow): Promise<PlanUsage>;
  addVolume(brandId: number, plan: PlanId, tokens: number, t: Transaction): Promise<void>;
  claimHolds(userId: string, transaction?: Transaction): Promise<number>;
  walletBalances(wallet: string | null, tokens: TokenRow[]): Promise<Map<string, number | null>>;
  tokenStats(token: TokenRow): Promise<TokenStats>;
}

/** One row of a give on its way: where the tokens go and the send that takes them there. */
export interface PreparedGive {
  line: number | null;
  recipient: string;
  amount: number;
  destination: 'ledger' | 'held' | 'chain';
  userId: string | null;
  sendId: string | null;
}

/** Giving rows of tokens in one transaction, and what follows (give.ts). */
export interface GiveRows {
  applyGives(
    token: TokenRow,
    brand: BrandRow,
    givenBy: string,
    rows: { line: number | null; recipient: string; amount: number }[],
    request: { requestId: string; bulk: boolean },
    t: Transaction,
  ): Promise<PreparedGive[]>;
  mailGives(
    token: TokenRow,
    brand: BrandRow,
    gives: PreparedGive[],
    accounts: Map<string, AccountOf>,
    language: Language,
  ): void;
  accountsOf(emails: string[]): Promise<Map<string, AccountOf>>;
  giveOutcome(requestId: string): Promise<GiveOutcome | undefined>;
  /** Whether `requestId` was used already by this caller (else a 409 `requestId`). */
  requireOwnRequest(
    table: 'brand_token_gives' | 'brand_token_batches' | 'brand_token_transfers',
    requestId: string,
    check: { column: string; value: string },
    transaction?: Transaction,
  ): Promise<boolean>;
  lineText(language: Language, error: CsvLineError): string;
}

/** A customer's move of their tokens: to someone else or to their wallet (transfer.ts). */
export interface TokenMoves {
  transferOutcome(requestId: string): Promise<(GiveOutcome & { from: string }) | undefined>;
  move(
    user: TokenCustomer,
    tokenId: string,
    input: { recipient: string; amount: number; requestId: string; claim: boolean },
    language?: Language,
  ): Promise<GiveOutcome>;
}
