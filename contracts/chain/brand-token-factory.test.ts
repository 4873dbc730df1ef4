import { parseEther } from 'ethers';
import { expect, test } from 'vitest';
import { connectContract } from './connect.ts';
import { BrandToken } from './generated/index.ts';
import { eventsOf, expectRevert, mined, useTestChain } from './test-chain.ts';

const chain = useTestChain();
const CAP = parseEther('5000000');

test('the minter creates a brand token with its name and ticker, and the factory records it', async () => {
  const { factory, minter, alice, provider } = chain;

  const receipt = await mined(
    factory.connect(minter).createBrandToken(42n, 'Sklep Pod Lipą', 'LIPA', CAP, alice.address),
  );

  const [created] = eventsOf(receipt, factory, 'BrandTokenCreated');
  expect(created?.args.toObject()).toMatchObject({
    brandId: 42n,
    name: 'Sklep Pod Lipą',
    ticker: 'LIPA',
    cap: CAP,
    admin: alice.address,
  });
  const tokens: string[] = await factory.tokensOf(42n);
  expect(tokens).toEqual([created?.args.token]);

  const token = connectContract(BrandToken, tokens[0] ?? '', provider);
  expect(await token.name()).toBe('Sklep Pod Lipą');
  expect(await token.symbol()).toBe('LIPA');
  expect(await token.decimals()).toBe(18n);
  expect(await token.cap()).toBe(CAP);
  expect(await token.totalSupply()).toBe(0n);
});

test('only the minter can create brand tokens or change a limit, not even the owner', async () => {
  const { factory, alice, deployer } = chain;
  for (const account of [alice, deployer]) {
    const [refused] = await expectRevert(
      factory.connect(account).createBrandToken(1n, 'Mine', 'MINE', CAP, alice.address),
      factory,
      'NotMinter',
    );
    expect(refused).toBe(account.address);
    await expectRevert(factory.connect(account).setTokenLimit(1n, 5n), factory, 'NotMinter');
  }
  expect(await factory.tokensOf(1n)).toEqual([]);
});

test('only the owner chooses the minter, and ownership is handed on in two steps', async () => {
  const { factory, deployer, minter, alice, bob } = chain;
  expect(await factory.minter()).toBe(minter.address);
  await expectRevert(
    factory.connect(minter).setMinter(minter.address),
    factory,
    'OwnableUnauthorizedAccount',
  );
  await expectRevert(
    factory.connect(deployer).setMinter('0x0000000000000000000000000000000000000000'),
    factory,
    'ZeroMinter',
  );

  const changed = await mined(factory.connect(deployer).setMinter(bob.address));
  expect(eventsOf(changed, factory, 'MinterChanged')[0]?.args.toArray()).toEqual([
    minter.address,
    bob.address,
  ]);
  await expectRevert(
    factory.connect(minter).createBrandToken(2n, 'Old Key', 'OLD', CAP, alice.address),
    factory,
    'NotMinter',
  );
  await mined(factory.connect(bob).createBrandToken(2n, 'New Key', 'NEW', CAP, alice.address));

  await mined(factory.connect(deployer).transferOwnership(alice.address));
  expect(await factory.owner()).toBe(deployer.address);
  expect(await factory.pendingOwner()).toBe(alice.address);
  await expectRevert(factory.connect(bob).acceptOwnership(), factory, 'OwnableUnauthorizedAccount');
  await mined(factory.connect(alice).acceptOwnership());
  expect(await factory.owner()).toBe(alice.address);
});

test('a brand gets one token unless the minter raises its limit', async () => {
  const { factory, minter, alice } = chain;
  const owner = factory.connect(minter);
  expect(await factory.tokenLimitOf(3n)).toBe(1n);
  await mined(owner.createBrandToken(3n, 'Piekarnia', 'CHLEB', CAP, alice.address));

  const [brandId, limit] = await expectRevert(
    owner.createBrandToken(3n, 'Piekarnia Bis', 'BULKA', CAP, alice.address),
    factory,
    'TokenLimitReached',
  );
  expect([brandId, limit]).toEqual([3n, 1n]);

  const changed = await mined(owner.setTokenLimit(3n, 2n));
  expect(eventsOf(changed, factory, 'TokenLimitChanged')[0]?.args.toArray()).toEqual([3n, 2n]);
  const second = await mined(
    owner.createBrandToken(3n, 'Piekarnia Bis', 'BULKA', CAP, alice.address),
  );
  await expectRevert(
    owner.createBrandToken(3n, 'Piekarnia Ter', 'ROGAL', CAP, alice.address),
    factory,
    'TokenLimitReached',
  );

  const tokens: string[] = await factory.tokensOf(3n);
  expect(tokens).toHaveLength(2);
  // Oldest first, so the brand's first token stays tokensOf(id)[0].
  expect(tokens[1]).toBe(eventsOf(second, factory, 'BrandTokenCreated')[0]?.args.token);
});

test('each brand has its own tokens and limit, and a UUID fits as a brand id', async () => {
  const { factory, minter, alice, bob } = chain;
  const owner = factory.connect(minter);
  const uuidBrand = BigInt('0x' + '3f2b8c1e-9d4a-4f6b-8e2c-7a1d5b9c0e4f'.replaceAll('-', ''));

  await mined(owner.createBrandToken(10n, 'Brand Ten', 'TEN', CAP, alice.address));
  await mined(owner.createBrandToken(uuidBrand, 'Brand Uuid', 'UUID', CAP, bob.address));

  expect(await factory.tokensOf(10n)).toHaveLength(1);
  expect(await factory.tokensOf(uuidBrand)).toHaveLength(1);
  expect(await factory.tokensOf(11n)).toEqual([]);
  expect(await factory.tokensOf(10n)).not.toEqual(await factory.tokensOf(uuidBrand));
});
