import { id, parseEther } from 'ethers';
import { expect, test } from 'vitest';
import { connectContract, type TypedContract } from './connect.ts';
import { BrandToken } from './generated/index.ts';
import { expectRevert, increaseTime, mined, useTestChain } from './test-chain.ts';

const CAP = parseEther('1000000');
const MINTER_ROLE = id('MINTER_ROLE');
const PAUSER_ROLE = id('PAUSER_ROLE');

let token: TypedContract<typeof BrandToken.abi>;

// alice administers the brand's token; the platform's minter key created it and mints it.
const chain = useTestChain(async ({ factory, minter, alice, provider }) => {
  await mined(
    factory.connect(minter).createBrandToken(7n, 'Kawiarnia Bracka', 'KAWA', CAP, alice.address),
  );
  const [address] = await factory.tokensOf(7n);
  token = connectContract(BrandToken, address, provider);
});

test('the admin holds the admin and pauser roles, the minter only minting, nobody else any', async () => {
  const { alice, minter, deployer } = chain;
  const ADMIN_ROLE = await token.DEFAULT_ADMIN_ROLE();
  expect(await token.defaultAdmin()).toBe(alice.address);
  expect(await token.hasRole(PAUSER_ROLE, alice.address)).toBe(true);
  expect(await token.hasRole(MINTER_ROLE, alice.address)).toBe(false);
  expect(await token.MINTER_ROLE()).toBe(MINTER_ROLE);
  expect(await token.hasRole(MINTER_ROLE, minter.address)).toBe(true);
  for (const role of [ADMIN_ROLE, PAUSER_ROLE]) {
    expect(await token.hasRole(role, minter.address)).toBe(false);
  }
  for (const role of [ADMIN_ROLE, MINTER_ROLE, PAUSER_ROLE]) {
    expect(await token.hasRole(role, deployer.address)).toBe(false);
  }
});

test('the minter cannot grant itself more, and handing the admin role on takes two steps and a delay', async () => {
  const { alice, bob, minter, provider } = chain;
  await expectRevert(
    token.connect(minter).grantRole(PAUSER_ROLE, minter.address),
    token,
    'AccessControlUnauthorizedAccount',
  );

  await mined(token.connect(alice).beginDefaultAdminTransfer(bob.address));
  expect(await token.defaultAdmin()).toBe(alice.address);
  await expectRevert(
    token.connect(bob).acceptDefaultAdminTransfer(),
    token,
    'AccessControlEnforcedDefaultAdminDelay',
  );
  await increaseTime(provider, Number(await token.ADMIN_TRANSFER_DELAY()) + 1);
  await mined(token.connect(bob).acceptDefaultAdminTransfer());
  expect(await token.defaultAdmin()).toBe(bob.address);
  expect(await token.hasRole(await token.DEFAULT_ADMIN_ROLE(), alice.address)).toBe(false);
});

test('the minter can mint up to the cap and not one unit more', async () => {
  const { bob, minter } = chain;
  expect(await token.cap()).toBe(CAP);

  await mined(token.connect(minter).mint(bob.address, CAP - 1n));
  await mined(token.connect(minter).mint(bob.address, 1n));
  expect(await token.totalSupply()).toBe(CAP);

  const [increasedSupply, cap] = await expectRevert(
    token.connect(minter).mint(bob.address, 1n),
    token,
    'ERC20ExceededCap',
  );
  expect([increasedSupply, cap]).toEqual([CAP + 1n, CAP]);
});

test('only an account with the minter role can mint', async () => {
  const { alice, bob, deployer } = chain;
  const [account, role] = await expectRevert(
    token.connect(bob).mint(bob.address, 1n),
    token,
    'AccessControlUnauthorizedAccount',
  );
  expect([account, role]).toEqual([bob.address, MINTER_ROLE]);

  // The brand can hand minting to the platform, which then pays out rewards itself.
  await mined(token.connect(alice).grantRole(MINTER_ROLE, deployer.address));
  await mined(token.connect(deployer).mint(bob.address, 10n));
  expect(await token.balanceOf(bob.address)).toBe(10n);

  await mined(token.connect(alice).revokeRole(MINTER_ROLE, deployer.address));
  await expectRevert(
    token.connect(deployer).mint(bob.address, 1n),
    token,
    'AccessControlUnauthorizedAccount',
  );
});

test('a holder burns tokens to redeem them, which frees room under the cap', async () => {
  const { alice, bob, minter } = chain;
  await mined(token.connect(minter).mint(bob.address, CAP));

  await mined(token.connect(bob).burn(parseEther('400')));

  expect(await token.balanceOf(bob.address)).toBe(CAP - parseEther('400'));
  expect(await token.totalSupply()).toBe(CAP - parseEther('400'));
  await mined(token.connect(minter).mint(bob.address, parseEther('400')));
  await expectRevert(token.connect(alice).burn(1n), token, 'ERC20InsufficientBalance');
});

test('while paused no transfer, mint or burn goes through, and after unpausing they do', async () => {
  const { alice, bob, carol, minter } = chain;
  await mined(token.connect(minter).mint(bob.address, 100n));
  await mined(token.connect(bob).approve(carol.address, 10n));

  await mined(token.connect(alice).pause());
  expect(await token.paused()).toBe(true);
  await expectRevert(token.connect(bob).transfer(carol.address, 1n), token, 'EnforcedPause');
  await expectRevert(
    token.connect(carol).transferFrom(bob.address, carol.address, 1n),
    token,
    'EnforcedPause',
  );
  await expectRevert(token.connect(minter).mint(bob.address, 1n), token, 'EnforcedPause');
  await expectRevert(token.connect(bob).burn(1n), token, 'EnforcedPause');

  await mined(token.connect(alice).unpause());
  await mined(token.connect(bob).transfer(carol.address, 1n));
  await mined(token.connect(minter).mint(bob.address, 1n));
  await mined(token.connect(bob).burn(1n));
  expect(await token.balanceOf(bob.address)).toBe(99n);
  expect(await token.balanceOf(carol.address)).toBe(1n);
});

test('only the pauser can pause and unpause', async () => {
  const { alice, bob } = chain;
  await expectRevert(token.connect(bob).pause(), token, 'AccessControlUnauthorizedAccount');
  await mined(token.connect(alice).pause());
  await expectRevert(token.connect(bob).unpause(), token, 'AccessControlUnauthorizedAccount');
  await expectRevert(token.connect(alice).pause(), token, 'EnforcedPause');
});

test('a brand token needs a cap above zero and a real admin', async () => {
  const { factory, minter, alice } = chain;
  await expectRevert(
    factory.connect(minter).createBrandToken(8n, 'Zero', 'ZERO', 0n, alice.address),
    token,
    'ERC20InvalidCap',
  );
  await expectRevert(
    factory
      .connect(minter)
      .createBrandToken(8n, 'Nobody', 'NONE', CAP, '0x0000000000000000000000000000000000000000'),
    token,
    'AccessControlInvalidDefaultAdmin',
  );
});
