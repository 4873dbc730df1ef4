import { expect, test } from 'vitest';
import { describeChain } from './platform-chain.ts';

test('the production start-up line leaves out the RPC URL, which often carries an API key', () => {
  const chain = {
    chainId: 1,
    rpcUrl: 'https://mainnet.rpc.example/v3/secret-api-key',
    contracts: { brnd: '0xB', brandTokenFactory: '0xF', staking: '0xS' },
  };
  expect(describeChain(chain, true)).toBe('Chain 1 (BRND 0xB)');
  expect(describeChain(chain, false)).toContain('secret-api-key');
});
