import { MaxUint256, parseEther } from 'ethers';
import { expect, test } from 'vitest';
import {
  eventsOf,
  expectRevert,
  latestTimestamp,
  mined,
  signPermit,
  useTestChain,
} from './test-chain.ts';

const chain = useTestChain();
const ONE_BILLION = parseEther('1000000000');

test('the whole fixed supply of 1,000,000,000 BRND is minted to the treasury', async () => {
  const { brnd, treasury } = chain;
  expect(await brnd.name()).toBe('BRND');
  expect(await brnd.symbol()).toBe('BRND');
  expect(await brnd.decimals()).toBe(18n);
  expect(await brnd.TOTAL_SUPPLY()).toBe(ONE_BILLION);
  expect(await brnd.totalSupply()).toBe(ONE_BILLION);
  expect(await brnd.balanceOf(treasury.address)).toBe(ONE_BILLION);
});

test('BRND has no mint function, so the supply can only shrink', async () => {
  expect(chain.brnd.interface.getFunction('mint')).toBeNull();
});

test('the treasury can burn BRND, which lowers the total supply', async () => {
  const { brnd, treasury } = chain;
  const amount = parseEther('20000000');

  const receipt = await mined(brnd.connect(treasury).burn(amount));

  expect(await brnd.totalSupply()).toBe(ONE_BILLION - amount);
  expect(await brnd.balanceOf(treasury.address)).toBe(ONE_BILLION - amount);
  const [transfer] = eventsOf(receipt, brnd, 'Transfer');
  expect(transfer?.args.to).toBe('0x0000000000000000000000000000000000000000');
});

test('nobody can burn BRND they do not hold or were not allowed to burn', async () => {
  const { brnd, treasury, alice } = chain;
  await expectRevert(brnd.connect(alice).burn(1n), brnd, 'ERC20InsufficientBalance');
  await expectRevert(
    brnd.connect(alice).burnFrom(treasury.address, 1n),
    brnd,
    'ERC20InsufficientAllowance',
  );

  await mined(brnd.connect(treasury).approve(alice.address, 5n));
  await mined(brnd.connect(alice).burnFrom(treasury.address, 5n));
  expect(await brnd.totalSupply()).toBe(ONE_BILLION - 5n);
});

test('a holder can approve a spender with a signed EIP-2612 permit that someone else submits', async () => {
  const { brnd, treasury, alice, bob, carol, anvil } = chain;
  const value = parseEther('250');
  await mined(brnd.connect(treasury).transfer(alice.address, value));
  const deadline = BigInt(await latestTimestamp(chain.provider)) + 3600n;
  const permit = await signPermit(brnd, alice, bob.address, value, deadline, anvil.chainId);

  // carol pays the gas: alice only signed, she never sends a transaction.
  await mined(brnd.connect(carol).permit(...permit));

  expect(await brnd.allowance(alice.address, bob.address)).toBe(value);
  expect(await brnd.nonces(alice.address)).toBe(1n);
  await mined(brnd.connect(bob).transferFrom(alice.address, carol.address, value));
  expect(await brnd.balanceOf(carol.address)).toBe(value);
});

test('a permit cannot be replayed, used after its deadline, or signed by someone else', async () => {
  const { brnd, alice, bob, carol, anvil } = chain;
  const now = BigInt(await latestTimestamp(chain.provider));

  const permit = await signPermit(brnd, alice, bob.address, MaxUint256, now + 3600n, anvil.chainId);
  await mined(brnd.connect(carol).permit(...permit));
  await expectRevert(brnd.connect(carol).permit(...permit), brnd, 'ERC2612InvalidSigner');

  const expired = await signPermit(brnd, alice, bob.address, 1n, now - 1n, anvil.chainId);
  await expectRevert(brnd.connect(carol).permit(...expired), brnd, 'ERC2612ExpiredSignature');

  // bob signs, but claims to be alice: the recovered signer does not match the owner.
  const [, spender, value, deadline, v, r, s] = await signPermit(
    brnd,
    bob,
    carol.address,
    1n,
    now + 3600n,
    anvil.chainId,
  );
  await expectRevert(
    brnd.connect(carol).permit(alice.address, spender, value, deadline, v, r, s),
    brnd,
    'ERC2612InvalidSigner',
  );
});
