import { createDepositAddresses, devDepositXpub } from '../../chain/deposit-addresses.ts';
import { DEV_CHAIN_IDS, depositXpubProblem } from '../../chain/dev-keys.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { CardExchange } from '../../providers/card-exchange.ts';
import type { CryptoGateway } from '../../providers/crypto-gateway.ts';
import type { Ledger } from '../ledger.ts';
import { createOrderService, type OrderService } from './service.ts';
import type { RateLimiter } from '../rate-limits.ts';
import { createSaleService, type SaleService } from '../sale.ts';

export interface SaleStackOptions {
  db: Database;
  ledger: Ledger;
  limiter: RateLimiter;
  logger: Logger;
  appUrl: string;
  gateway?: CryptoGateway;
  card?: CardExchange;
  /** Extended public key of the ETH deposit addresses; default: the dev key, on a dev chain only. */
  depositXpub?: string;
  /** The chain the deposits are on (EIP-681 URIs name it); default: anvil's 31337. */
  chainId?: number;
  ethConfirmations?: number;
  /** USD per ETH quoted to buyers: a price feed, or a fixed price in tests. */
  usdPerEth?: number | (() => Promise<number>);
  /** How long an ETH quote holds (ETH_QUOTE_SECONDS); default 15 minutes. */
  ethQuoteMs?: number;
}

/** The ETH price of tests that set none. */
export const DEFAULT_USD_PER_ETH = 2_000;

/**
 * The deposit key for a chain: the development key only on a development chain id. On any other
 * chain (a testnet staging server as much as production) an unset or unsafe key stops the start,
 * whatever NODE_ENV says: buyers would pay to addresses whose private keys are public.
 */
export function depositXpubFor(chainId: number, xpub: string | undefined): string {
  const devChain = DEV_CHAIN_IDS.includes(chainId);
  if (!xpub) {
    if (devChain) return devDepositXpub();
    throw new Error(
      `ETH_DEPOSIT_XPUB is required on chain ${chainId}: the development key is public`,
    );
  }
  const problem = devChain ? undefined : depositXpubProblem(xpub);
  if (problem) throw new Error(`ETH_DEPOSIT_XPUB ${problem}: refused on chain ${chainId}`);
  return xpub;
}

/** The sale and order services wired together (the composition root's sale part). */
export function createSaleStack(options: SaleStackOptions): {
  sales: SaleService;
  orders: OrderService;
} {
  const sales = createSaleService({
    db: options.db,
    cardProviderUrl: options.card?.publicUrl ?? '',
  });
  const usdPerEth = options.usdPerEth ?? DEFAULT_USD_PER_ETH;
  const chainId = options.chainId ?? 31337;
  const deposits = createDepositAddresses(depositXpubFor(chainId, options.depositXpub));
  const orders = createOrderService({
    db: options.db,
    ledger: options.ledger,
    sale: sales,
    limiter: options.limiter,
    logger: options.logger,
    appUrl: options.appUrl,
    deposits,
    chainId,
    ethConfirmations: options.ethConfirmations ?? 1,
    usdPerEth: typeof usdPerEth === 'number' ? async () => usdPerEth : usdPerEth,
    ...(options.ethQuoteMs ? { ethQuoteMs: options.ethQuoteMs } : {}),
    ...(options.gateway ? { gateway: options.gateway } : {}),
    ...(options.card ? { card: options.card } : {}),
  });
  return { sales, orders };
}
