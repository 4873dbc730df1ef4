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
  checkResetCode,
  resetPassword,
  setLanguage,
  signup,
  updateProfile,
} from '@brnd/contracts/api/accounts';
import { logout } from '@brnd/contracts/api/session';
import type { AccountService } from '../services/accounts.ts';
import { requestLanguage } from '../services/messages.ts';
import { authedRoute, route, type Route } from './route.ts';
import type { SessionCookies } from './session-cookie.ts';

export interface AccountRoutesDeps {
  accounts: AccountService;
  sessionCookies: SessionCookies;
  /** Work that must not hold up the answer (and must not show in its timing). */
  runInBackground(name: string, work: () => Promise<void>): void;
}

export function accountRoutes({
  accounts,
  sessionCookies,
  runInBackground,
}: AccountRoutesDeps): Route[] {
  const ok = { message: SUCCESS };
  return [
    route(signup, async ({ body, ctx }) => {
      const language = requestLanguage(ctx);
      await accounts.signup(body, language, ctx.ip);
      return ok;
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
      const { referralCode } = await accounts.confirmMobile(
        body.verification_code,
        body.mobile_verification_code,
      );
      return { message: SUCCESS, referral_code: referralCode };
    }),

    route(login, async ({ body, ctx }) => {
      // Another site must not sign the browser in to an account of its choosing either.
      if (body.session === 'cookie') sessionCookies.refuseCrossSite(ctx);
      const answer = await accounts.login(body, ctx.ip);
      if (body.session !== 'cookie' || !('token' in answer)) return answer;
      const { token, ...rest } = answer;
      sessionCookies.set(ctx, token);
      return rest;
    }),

    authedRoute(logout, async ({ auth, ctx }) => {
      await accounts.logout(auth);
      sessionCookies.clear(ctx);
      return ok;
    }),

    // Same answer, same timing for every address: the lookup and the e-mail happen afterwards.
    route(forgotPassword, async ({ body }) => {
      runInBackground('password reset e-mail', () => accounts.requestPasswordReset(body.email));
      return ok;
    }),

    route(checkResetCode, async ({ params }) => {
      await accounts.checkResetCode(params.code);
      return ok;
    }),

    route(resetPassword, async ({ body }) => {
      await accounts.resetPassword(body.code, body.password);
      return ok;
    }),

    authedRoute(profile, async ({ auth }) => ({ user: accounts.profile(auth.account) })),

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

    authedRoute(changePassword, async ({ auth, body, ctx }) => {
      await accounts.changePassword(auth, body.currentpassword, body.newpassword);
      // Every session ended, this one too: the browser drops its cookie.
      sessionCookies.clear(ctx);
      return ok;
    }),
  ];
}
