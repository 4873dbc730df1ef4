/**
 * The accounts rows of spec section 7, as scenarios both the mocks and the bff must pass, by
 * topic (account-*-scenarios.ts) in the order they run. The steps every area starts from
 * (`verifiedUser`, …) live in account-steps.ts and are re-exported here for the other areas.
 */
import { accountLoginScenarios } from './account-login-scenarios.ts';
import { accountPhoneScenarios } from './account-phone-scenarios.ts';
import { accountProfileScenarios } from './account-profile-scenarios.ts';
import { accountSignupScenarios } from './account-signup-scenarios.ts';
import type { Scenario } from './runner.ts';

export {
  confirmTheEmail,
  sendTheSmsCode,
  signUp,
  UNKNOWN_CODE,
  verifiedUser,
} from './account-steps.ts';

export const accountScenarios: Scenario[] = [
  ...accountSignupScenarios,
  ...accountPhoneScenarios,
  ...accountLoginScenarios,
  ...accountProfileScenarios,
];
