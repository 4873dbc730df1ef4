/** Signing up, verifying, logging in and recovering an account; shared referral links. */
import { createRoute } from '@tanstack/react-router';
import {
  CodeSearchSchema,
  RegisterSearchSchema,
  EditPhoneSearchSchema,
  LoginSearchSchema,
  SuccessSearchSchema,
} from '../search.ts';
import { rootRoute } from './root.tsx';
import { screenRoute } from './screen-route.tsx';

const login = screenRoute((screens) => screens.loginScreen);
const register = screenRoute((screens) => screens.registerScreen);
const confirmEmail = screenRoute((screens) => screens.confirmEmailScreen);
const verifyEmail = screenRoute((screens) => screens.verifyEmailScreen);
const emailVerified = screenRoute((screens) => screens.emailVerifiedScreen);
const confirmPhone = screenRoute((screens) => screens.confirmPhoneScreen);
const phoneVerify = screenRoute((screens) => screens.phoneVerifyScreen);
const forgotPassword = screenRoute((screens) => screens.forgotPasswordScreen);
const resetPassword = screenRoute((screens) => screens.resetPasswordScreen);
const success = screenRoute((screens) => screens.successScreen);
const referralLanding = screenRoute((screens) => screens.referralLandingScreen);

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  ...login.options,
  validateSearch: LoginSearchSchema,
  component: function LoginPage() {
    return <login.Screen search={loginRoute.useSearch()} />;
  },
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  ...register.options,
  validateSearch: RegisterSearchSchema,
  component: function RegisterPage() {
    const search = registerRoute.useSearch();
    return <register.Screen referralCode={search.code} email={search.email} />;
  },
});

const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirmemail',
  ...confirmEmail.options,
  component: confirmEmail.Screen,
});

const emailVerifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify',
  ...emailVerified.options,
  component: emailVerified.Screen,
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify/$code',
  ...verifyEmail.options,
  component: function VerifyEmailPage() {
    return <verifyEmail.Screen code={verifyEmailRoute.useParams().code} />;
  },
});

const confirmPhoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirmPhone',
  ...confirmPhone.options,
  validateSearch: CodeSearchSchema,
  component: function ConfirmPhonePage() {
    return <confirmPhone.Screen code={confirmPhoneRoute.useSearch().code} editable={false} />;
  },
});

const editPhoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'editPhone',
  ...confirmPhone.options,
  validateSearch: EditPhoneSearchSchema,
  component: function EditPhonePage() {
    const search = editPhoneRoute.useSearch();
    return <confirmPhone.Screen code={search.code} editable={search.edit !== undefined} />;
  },
});

const phoneVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'phoneverify',
  ...phoneVerify.options,
  validateSearch: CodeSearchSchema,
  component: function PhoneVerifyPage() {
    return <phoneVerify.Screen code={phoneVerifyRoute.useSearch().code} />;
  },
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgotpassword',
  ...forgotPassword.options,
  component: forgotPassword.Screen,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'resetpassword/$code',
  ...resetPassword.options,
  component: function ResetPasswordPage() {
    return <resetPassword.Screen code={resetPasswordRoute.useParams().code} />;
  },
});

const successRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'success',
  ...success.options,
  validateSearch: SuccessSearchSchema,
  component: function SuccessPage() {
    const search = successRoute.useSearch();
    return <success.Screen individualCode={search.indivi_code} brandCode={search.brand_code} />;
  },
});

/** A shared referral link: counts the click, keeps the code, sends the visitor on. */
const referralLandingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'ref/$code',
  ...referralLanding.options,
  component: function ReferralLandingPage() {
    return <referralLanding.Screen code={referralLandingRoute.useParams().code} />;
  },
});

export const accountRoutes = [
  loginRoute,
  registerRoute,
  confirmEmailRoute,
  emailVerifiedRoute,
  verifyEmailRoute,
  confirmPhoneRoute,
  editPhoneRoute,
  phoneVerifyRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  successRoute,
  referralLandingRoute,
] as const;
