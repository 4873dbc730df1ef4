import { id, parseEther } from 'ethers';
import { expect, test } from 'vitest';
import { connectContract, type TypedContract } from './connect.ts';
import { BrandToken } from './generated/index.ts';
import { expectRevert, mined, useTestChain } from './test-chain.ts';

const CAP = parseEther('1000000');
const MINTER_ROLE = id('MINTER_ROLE');
const PAUSER_ROLE = id('PAUSER_ROLE');

let token: TypedContract<typeof BrandToken.abi>;

// alice administers the brand; the platform (deployer) created the token for her.
const chain = useTestChain(async ({ factory, deployer, alice, provider }) => {
  await mined(
    factory.connect(deployer).createBrandToken(7n, 'Kawiarnia Bracka', 'KAWA', CAP, alice.address),
  );
  const [address] = await factory.tokensOf(7n);
  token = connectContract(BrandToken, address, provider);
});

test('the brand admin holds the admin, minter and pauser roles and nobody else does', async () => {
  const { alice, deployer } = chain;
  expect(await token.hasRole(await token.DEFAULT_ADMIN_ROLE(), alice.address)).toBe(true);
  expect(await token.hasRole(MINTER_ROLE, alice.address)).toBe(true);
  expect(await token.hasRole(PAUSER_ROLE, alice.address)).toBe(true);
  expect(await token.MINTER_ROLE()).toBe(MINTER_ROLE);
  expect(await token.hasRole(MINTER_ROLE, deployer.address)).toBe(false);
});

test('the minter can mint up to the cap and not one unit more', async () => {
  const { alice, bob } = chain;
  expect(await token.cap()).toBe(CAP);

  await mined(token.connect(alice).mint(bob.address, CAP - 1n));
  await mined(token.connect(alice).mint(bob.address, 1n));
  expect(await token.totalSupply()).toBe(CAP);

  const [increasedSupply, cap] = await expectRevert(
    token.connect(alice).mint(bob.address, 1n),
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
  const { alice, bob } = chain;
  await mined(token.connect(alice).mint(bob.address, CAP));

  await mined(token.connect(bob).burn(parseEther('400')));

  expect(await token.balanceOf(bob.address)).toBe(CAP - parseEther('400'));
  expect(await token.totalSupply()).toBe(CAP - parseEther('400'));
  await mined(token.connect(alice).mint(bob.address, parseEther('400')));
  await expectRevert(token.connect(alice).burn(1n), token, 'ERC20InsufficientBalance');
});

test('while paused no transfer, mint or burn goes through, and after unpausing they do', async () => {
  const { alice, bob, carol } = chain;
  await mined(token.connect(alice).mint(bob.address, 100n));
  await mined(token.connect(bob).approve(carol.address, 10n));

  await mined(token.connect(alice).pause());
  expect(await token.paused()).toBe(true);
  await expectRevert(token.connect(bob).transfer(carol.address, 1n), token, 'EnforcedPause');
  await expectRevert(
    token.connect(carol).transferFrom(bob.address, carol.address, 1n),
    token,
    'EnforcedPause',
  );
  await expectRevert(token.connect(alice).mint(bob.address, 1n), token, 'EnforcedPause');
  await expectRevert(token.connect(bob).burn(1n), token, 'EnforcedPause');

  await mined(token.connect(alice).unpause());
  await mined(token.connect(bob).transfer(carol.address, 1n));
  await mined(token.connect(alice).mint(bob.address, 1n));
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
  const { factory, deployer, alice } = chain;
  await expectRevert(
    factory.connect(deployer).createBrandToken(8n, 'Zero', 'ZERO', 0n, alice.address),
    token,
    'ERC20InvalidCap',
  );
  await expectRevert(
    factory
      .connect(deployer)
      .createBrandToken(8n, 'Nobody', 'NONE', CAP, '0x0000000000000000000000000000000000000000'),
    token,
    'ZeroAdmin',
  );
});
