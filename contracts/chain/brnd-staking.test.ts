import { ContractFactory, ZeroAddress, parseEther } from 'ethers';
import { BrndStaking } from './generated/index.ts';
import { expect, test } from 'vitest';
import {
  UNBONDING_SECONDS,
  eventsOf,
  expectRevert,
  increaseTime,
  latestTimestamp,
  mined,
  useTestChain,
} from './test-chain.ts';

const THRESHOLD = parseEther('1000000');
const FUNDED = parseEther('2000000');

// alice and bob each hold 2,000,000 BRND and have allowed staking to take all of it.
const chain = useTestChain(async ({ brnd, staking, treasury, alice, bob }) => {
  for (const holder of [alice, bob]) {
    await mined(brnd.connect(treasury).transfer(holder.address, FUNDED));
    await mined(brnd.connect(holder).approve(await staking.getAddress(), FUNDED));
  }
});

test('staking moves BRND into the contract and counts it for the account', async () => {
  const { brnd, staking, alice } = chain;
  const amount = parseEther('1500');

  const receipt = await mined(staking.connect(alice).stake(amount));

  expect(await staking.stakedOf(alice.address)).toBe(amount);
  expect(await staking.totalStaked()).toBe(amount);
  expect(await brnd.balanceOf(alice.address)).toBe(FUNDED - amount);
  expect(await brnd.balanceOf(await staking.getAddress())).toBe(amount);
  expect(eventsOf(receipt, staking, 'Staked')[0]?.args.toArray()).toEqual([alice.address, amount]);
});

test('an account is premium from exactly 1,000,000 BRND staked, not one wei less', async () => {
  const { staking, alice, bob } = chain;
  expect(await staking.PREMIUM_THRESHOLD()).toBe(THRESHOLD);

  await mined(staking.connect(alice).stake(THRESHOLD - 1n));
  expect(await staking.isPremium(alice.address)).toBe(false);

  await mined(staking.connect(alice).stake(1n));
  expect(await staking.stakedOf(alice.address)).toBe(THRESHOLD);
  expect(await staking.isPremium(alice.address)).toBe(true);
  expect(await staking.isPremium(bob.address)).toBe(false);
});

test('premium ends as soon as an unstake request takes the stake below the threshold', async () => {
  const { staking, alice } = chain;
  await mined(staking.connect(alice).stake(THRESHOLD + parseEther('10')));

  await mined(staking.connect(alice).requestUnstake(parseEther('10')));
  expect(await staking.isPremium(alice.address)).toBe(true);

  await mined(staking.connect(alice).requestUnstake(1n));
  expect(await staking.isPremium(alice.address)).toBe(false);
  expect(await staking.stakedOf(alice.address)).toBe(THRESHOLD - 1n);
});

test('unstaked BRND can be withdrawn only after the unbonding delay', async () => {
  const { brnd, staking, alice, provider } = chain;
  const amount = parseEther('1000');
  await mined(staking.connect(alice).stake(amount));

  const requested = await mined(staking.connect(alice).requestUnstake(amount));
  const releaseTime = BigInt(await latestTimestamp(provider)) + BigInt(UNBONDING_SECONDS);
  const [event] = eventsOf(requested, staking, 'UnstakeRequested');
  expect(event?.args.toArray()).toEqual([alice.address, amount, releaseTime]);
  expect((await staking.unbondingOf(alice.address)).toArray()).toEqual([amount, releaseTime]);

  const [notBefore] = await expectRevert(
    staking.connect(alice).withdraw(),
    staking,
    'StillUnbonding',
  );
  expect(notBefore).toBe(releaseTime);
  await increaseTime(provider, UNBONDING_SECONDS - 60);
  await expectRevert(staking.connect(alice).withdraw(), staking, 'StillUnbonding');

  await increaseTime(provider, 60);
  const withdrawn = await mined(staking.connect(alice).withdraw());

  expect(eventsOf(withdrawn, staking, 'Withdrawn')[0]?.args.toArray()).toEqual([
    alice.address,
    amount,
  ]);
  expect(await brnd.balanceOf(alice.address)).toBe(FUNDED);
  expect(await staking.stakedOf(alice.address)).toBe(0n);
  expect(await staking.totalStaked()).toBe(0n);
  await expectRevert(staking.connect(alice).withdraw(), staking, 'NothingToWithdraw');
});

test('a second unstake request adds to the unbonding amount and restarts its clock', async () => {
  const { staking, alice, provider } = chain;
  await mined(staking.connect(alice).stake(parseEther('300')));
  await mined(staking.connect(alice).requestUnstake(parseEther('100')));
  await increaseTime(provider, UNBONDING_SECONDS - 60);

  await mined(staking.connect(alice).requestUnstake(parseEther('200')));

  const releaseTime = BigInt(await latestTimestamp(provider)) + BigInt(UNBONDING_SECONDS);
  expect((await staking.unbondingOf(alice.address)).toArray()).toEqual([
    parseEther('300'),
    releaseTime,
  ]);
  await increaseTime(provider, 120);
  await expectRevert(staking.connect(alice).withdraw(), staking, 'StillUnbonding');
});

test('nobody can unstake more than they have staked, or nothing at all', async () => {
  const { staking, alice, bob } = chain;
  await mined(staking.connect(alice).stake(parseEther('50')));

  const [staked, requested] = await expectRevert(
    staking.connect(alice).requestUnstake(parseEther('50') + 1n),
    staking,
    'InsufficientStake',
  );
  expect([staked, requested]).toEqual([parseEther('50'), parseEther('50') + 1n]);
  // bob's BRND in the contract is not alice's to take, and vice versa.
  await expectRevert(staking.connect(bob).requestUnstake(1n), staking, 'InsufficientStake');
  await expectRevert(staking.connect(alice).requestUnstake(0n), staking, 'ZeroAmount');
  await expectRevert(staking.connect(alice).stake(0n), staking, 'ZeroAmount');
});

test('staking needs the BRND and the allowance to take it', async () => {
  const { brnd, staking, alice, carol } = chain;
  await expectRevert(staking.connect(carol).stake(1n), brnd, 'ERC20InsufficientAllowance');
  await expectRevert(staking.connect(alice).stake(FUNDED + 1n), brnd, 'ERC20InsufficientAllowance');
  await mined(brnd.connect(carol).approve(await staking.getAddress(), 1n));
  await expectRevert(staking.connect(carol).stake(1n), brnd, 'ERC20InsufficientBalance');
});

test('an unstake request pays out an amount that finished unbonding instead of locking it again', async () => {
  const { brnd, staking, alice, provider } = chain;
  await mined(staking.connect(alice).stake(parseEther('300')));
  await mined(staking.connect(alice).requestUnstake(parseEther('100')));
  await increaseTime(provider, UNBONDING_SECONDS);

  const requested = await mined(staking.connect(alice).requestUnstake(parseEther('200')));

  expect(eventsOf(requested, staking, 'Withdrawn')[0]?.args.toArray()).toEqual([
    alice.address,
    parseEther('100'),
  ]);
  expect(await brnd.balanceOf(alice.address)).toBe(FUNDED - parseEther('200'));
  const releaseTime = BigInt(await latestTimestamp(provider)) + BigInt(UNBONDING_SECONDS);
  expect((await staking.unbondingOf(alice.address)).toArray()).toEqual([
    parseEther('200'),
    releaseTime,
  ]);
});

test('staking cannot be deployed on a zero token or with an unbonding delay out of bounds', async () => {
  const { deployer, staking, addresses } = chain;
  const factory = new ContractFactory(BrndStaking.abi, BrndStaking.bytecode, deployer);
  const deploy = (token: string, delay: bigint) =>
    factory.deploy(token, delay).then((contract) => contract.deploymentTransaction()?.wait());
  const [min, max] = [await staking.MIN_UNBONDING_DELAY(), await staking.MAX_UNBONDING_DELAY()];
  expect([min, max]).toEqual([3600n, 365n * 24n * 3600n]);
  for (const [token, delay, error] of [
    [ZeroAddress, min, 'ZeroToken'],
    [addresses.brnd, 0n, 'UnbondingDelayOutOfRange'],
    [addresses.brnd, min - 1n, 'UnbondingDelayOutOfRange'],
    [addresses.brnd, max + 1n, 'UnbondingDelayOutOfRange'],
  ] as const) {
    const reason = await deploy(token, delay).then(
      () => undefined,
      (failure: unknown) => failure as { data?: string },
    );
    expect(reason?.data && staking.interface.parseError(reason.data)?.name).toBe(error);
  }
  expect(await deploy(addresses.brnd, max)).toBeTruthy();
});
