import {
  SUCCESS,
  changeMobile,
  changePassword,
  confirmEmail,
  confirmMobile,
  forgotPassword,
  getMobile,
  login,
  profile,
  resendCode,
  resetPassword,
  setLanguage,
  signup,
  updateProfile,
} from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import type { AccountService } from '../services/accounts.ts';
import { requestLanguage } from '../services/messages.ts';
import { authedRoute, route, type Route } from './route.ts';

export interface AccountRoutesDeps {
  accounts: AccountService;
  /** Work that must not hold up the answer (and must not show in its timing). */
  runInBackground(name: string, work: () => Promise<void>): void;
}

export function accountRoutes({ accounts, runInBackground }: AccountRoutesDeps): Route[] {
  const ok = { message: SUCCESS };
  return [
    route(signup, async ({ body, ctx }) => {
      const language = requestLanguage(ctx);
      const { referralCode } = await accounts.signup(body, language);
      return { message: SUCCESS, referral_code: referralCode };
    }),

    route(confirmEmail, async ({ body }) => {
      await accounts.confirmEmail(body.verification_code);
      return ok;
    }),

    route(getMobile, async ({ params }) => ({
      message: SUCCESS,
      mobile: await accounts.getMobile(params.code),
    })),

    route(changeMobile, async ({ body }) => {
      await accounts.changeMobile(body.verification_code, body.mobile);
      return ok;
    }),

    // The client also sends the mobile from its storage; the number on the account is the one used.
    route(resendCode, async ({ body }) => {
      await accounts.resendPhoneCode(body.verification_code);
      return ok;
    }),

    route(confirmMobile, async ({ body }) => {
      await accounts.confirmMobile(body.verification_code, body.mobile_verification_code);
      return ok;
    }),

    route(login, async ({ body, ctx }) => accounts.login(body, ctx.ip)),

    authedRoute(logout, async ({ auth }) => {
      await accounts.logout(auth);
      return ok;
    }),

    // Same answer, same timing for every address: the lookup and the e-mail happen afterwards.
    route(forgotPassword, async ({ body }) => {
      runInBackground('password reset e-mail', () => accounts.requestPasswordReset(body.email));
      return ok;
    }),

    route(resetPassword, async ({ body }) => {
      await accounts.resetPassword(body.code, body.password);
      return ok;
    }),

    authedRoute(profile, async ({ auth }) => ({ user: accounts.profile(auth.user) })),

    // E-mail and mobile are not editable here; whatever the client sends for them is ignored.
    authedRoute(updateProfile, async ({ auth, body }) => ({
      message: SUCCESS,
      user: await accounts.updateProfile(auth.user, {
        name: body.name,
        address: body.address,
        language: body.language,
      }),
    })),

    authedRoute(setLanguage, async ({ auth, body }) => ({
      message: SUCCESS,
      user: await accounts.setLanguage(auth.user, body.language),
    })),

    authedRoute(changePassword, async ({ auth, body }) => {
      await accounts.changePassword(auth, body.currentpassword, body.newpassword);
      return ok;
    }),
  ];
}
