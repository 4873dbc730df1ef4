import { connectContract } from '@brnd/contracts/chain/connect';
import { BRND } from '@brnd/contracts/chain/generated/index';
import { NonceManager, Wallet } from 'ethers';
import { devBuybackKey } from '../chain/dev-keys.ts';
import { ONE_TOKEN } from '../services/ledger.ts';
import type { TestApp } from '../testing.ts';

/**
 * The market the platform buys BRND back from (decision 063), for a test app on a dev chain: a
 * seller stocked from the treasury once, before the app sends anything, who sells BRND into the
 * buyback wallet; and the buyback wallet's owner, who can move its BRND away by hand.
 */
export interface TestMarket {
  /** `tokens` BRND sold into the buyback wallet, or `elsewhere`; the transaction's hash. */
  sell(tokens: number, to?: 'buyback' | 'elsewhere'): Promise<string>;
  /** Everything the buyback wallet holds, moved back to the seller by hand. */
  emptyBuybackWallet(): Promise<void>;
}

export async function startTestMarket(
  app: TestApp,
  sellerKey: string,
  elsewhere: string,
): Promise<TestMarket> {
  const chain = app.chain;
  if (!chain) throw new Error('the market needs a test app with a chain');
  const seller = new NonceManager(new Wallet(sellerKey, chain.provider));
  const fromTreasury = connectContract(BRND, chain.contracts.brnd, chain.treasury);
  await (await fromTreasury.transfer(await seller.getAddress(), 50_000_000n * ONE_TOKEN)).wait();
  const market = connectContract(BRND, chain.contracts.brnd, seller);
  const buybackWallet = new Wallet(devBuybackKey(), chain.provider);
  return {
    async sell(tokens, to = 'buyback') {
      // A fixed gas limit: an estimate made while the wallet holds BRND is too low if a burn
      // empties it before this transfer is mined.
      const sent = await market.transfer(
        to === 'buyback' ? chain.buyback.address : elsewhere,
        BigInt(tokens) * ONE_TOKEN,
        { gasLimit: 100_000n },
      );
      await sent.wait();
      return sent.hash.toLowerCase();
    },
    async emptyBuybackWallet() {
      const brnd = connectContract(BRND, chain.contracts.brnd, buybackWallet);
      const balance = (await brnd.balanceOf(buybackWallet.address)) as bigint;
      if (balance > 0n) await (await brnd.transfer(await seller.getAddress(), balance)).wait();
    },
  };
}
