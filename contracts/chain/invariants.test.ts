import fc from 'fast-check';
import { parseEther, type Wallet } from 'ethers';
import { expect, test } from 'vitest';
import { connectContract, type TypedContract } from './connect.ts';
import { BrandToken } from './generated/index.ts';
import { UNBONDING_SECONDS, increaseTime, useTestChain } from './test-chain.ts';

/**
 * Invariants under random sequences of calls (fast-check drives them; each run starts from the
 * same EVM snapshot). A call the contract refuses is part of the sequence: refusing must not
 * break an invariant either.
 */

const FUNDED = parseEther('1000');
const CAP = parseEther('500');
const RUNS = 15;

let token: TypedContract<typeof BrandToken.abi>;

const chain = useTestChain(
  async ({ brnd, staking, factory, minter, treasury, alice, bob, carol }) => {
    for (const holder of [alice, bob, carol]) {
      await (await brnd.connect(treasury).transfer(holder.address, FUNDED)).wait();
      await (await brnd.connect(holder).approve(await staking.getAddress(), FUNDED)).wait();
    }
    await (
      await factory.connect(minter).createBrandToken(9n, 'Inv', 'INV', CAP, alice.address)
    ).wait();
    const [address] = await factory.tokensOf(9n);
    token = connectContract(BrandToken, address as string, chain.provider);
  },
);

/** Runs one step; a revert is an allowed outcome. */
async function attempt(send: () => Promise<{ wait(): Promise<unknown> }>) {
  try {
    await (await send()).wait();
  } catch {
    // Refused by the contract: the invariant must hold all the same.
  }
}

const holder = fc.integer({ min: 0, max: 2 });
const amount = fc.bigInt({ min: 0n, max: parseEther('400') });

test('staking always holds exactly totalStaked plus everything unbonding', async () => {
  const { brnd, staking, alice, bob, carol, provider } = chain;
  const holders: Wallet[] = [alice, bob, carol];
  const step = fc.oneof(
    fc.record({ kind: fc.constant('stake' as const), who: holder, amount }),
    fc.record({ kind: fc.constant('unstake' as const), who: holder, amount }),
    fc.record({ kind: fc.constant('withdraw' as const), who: holder }),
    fc.record({
      kind: fc.constant('wait' as const),
      seconds: fc.constantFrom(60, UNBONDING_SECONDS),
    }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
      const snapshot = await provider.send('evm_snapshot', []);
      try {
        for (const next of steps) {
          if (next.kind === 'wait') {
            await increaseTime(provider, next.seconds);
            continue;
          }
          const who = holders[next.who] as Wallet;
          const contract = staking.connect(who);
          if (next.kind === 'stake') await attempt(() => contract.stake(next.amount));
          if (next.kind === 'unstake') await attempt(() => contract.requestUnstake(next.amount));
          if (next.kind === 'withdraw') await attempt(() => contract.withdraw());
        }
        let unbonding = 0n;
        let staked = 0n;
        for (const who of holders) {
          unbonding += ((await staking.unbondingOf(who.address)) as [bigint, bigint])[0];
          staked += (await staking.stakedOf(who.address)) as bigint;
        }
        const total = (await staking.totalStaked()) as bigint;
        expect(total).toBe(staked);
        expect(await brnd.balanceOf(await staking.getAddress())).toBe(total + unbonding);
      } finally {
        await provider.send('evm_revert', [snapshot]);
      }
    }),
    { numRuns: RUNS },
  );
});

test('a brand token never has more supply than its cap, whatever is minted and burned', async () => {
  const { minter, bob, provider } = chain;
  const step = fc.oneof(
    fc.record({ kind: fc.constant('mint' as const), amount }),
    fc.record({ kind: fc.constant('burn' as const), amount }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
      const snapshot = await provider.send('evm_snapshot', []);
      try {
        for (const next of steps) {
          if (next.kind === 'mint') {
            await attempt(() => token.connect(minter).mint(bob.address, next.amount));
          } else {
            await attempt(() => token.connect(bob).burn(next.amount));
          }
          expect((await token.totalSupply()) as bigint).toBeLessThanOrEqual(CAP);
        }
      } finally {
        await provider.send('evm_revert', [snapshot]);
      }
    }),
    { numRuns: RUNS },
  );
});
