// The mocks' token-as-a-service, one file per part in brand-tokens/: the state and its rules
// (state.ts), views, gives and CSV, the resolvers and the stories' set-ups.
export {
  MOCK_UNBONDING_SECONDS,
  MOCK_CHAIN_ID,
  MOCK_STAKING_CONTRACT,
  type BrandTokenState,
  warsawDay,
  brandTokenState,
  setMining,
} from './brand-tokens/state.ts';
export { brandTokenResolvers } from './brand-tokens/resolvers.ts';
export { brandTokenSetup } from './brand-tokens/setup.ts';
