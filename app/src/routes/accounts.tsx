/** Signing up, verifying, logging in and recovering an account; shared referral links. */
import { createRoute } from '@tanstack/react-router';
import { withMessages } from '@brnd/ui/i18n';
import {
  CodeSearchSchema,
  RegisterSearchSchema,
  EditPhoneSearchSchema,
  LoginSearchSchema,
  SuccessSearchSchema,
} from '../search.ts';
import { lazyScreen, ACCOUNT_NAMESPACES, rootRoute } from './root.tsx';

const LoginScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/Login/LoginScreen').then((module) => module.LoginScreen),
  ),
);

const RegisterScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/Register/RegisterScreen').then((module) => module.RegisterScreen),
  ),
);

const ConfirmEmailScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/ConfirmEmail/ConfirmEmailScreen').then(
      (module) => module.ConfirmEmailScreen,
    ),
  ),
);

const VerifyEmailScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/VerifyEmail/VerifyEmailScreen').then(
      (module) => module.VerifyEmailScreen,
    ),
  ),
);

const EmailVerifiedScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/EmailVerified/EmailVerifiedScreen').then(
      (module) => module.EmailVerifiedScreen,
    ),
  ),
);

const ConfirmPhoneScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/ConfirmPhone/ConfirmPhoneScreen').then(
      (module) => module.ConfirmPhoneScreen,
    ),
  ),
);

const PhoneVerifyScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/PhoneVerify/PhoneVerifyScreen').then(
      (module) => module.PhoneVerifyScreen,
    ),
  ),
);

const ForgotPasswordScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/ForgotPassword/ForgotPasswordScreen').then(
      (module) => module.ForgotPasswordScreen,
    ),
  ),
);

const ResetPasswordScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/ResetPassword/ResetPasswordScreen').then(
      (module) => module.ResetPasswordScreen,
    ),
  ),
);

const SuccessScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/Success/SuccessScreen').then((module) => module.SuccessScreen),
  ),
);

const ReferralLandingScreen = lazyScreen(
  withMessages(['referrals'], () =>
    import('@brnd/ui/screens/ReferralLanding/ReferralLandingScreen').then(
      (module) => module.ReferralLandingScreen,
    ),
  ),
);

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  staticData: { title: 'login' },
  validateSearch: LoginSearchSchema,
  component: function LoginPage() {
    return <LoginScreen search={loginRoute.useSearch()} />;
  },
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  staticData: { title: 'register' },
  validateSearch: RegisterSearchSchema,
  component: function RegisterPage() {
    const search = registerRoute.useSearch();
    return <RegisterScreen referralCode={search.code} email={search.email} />;
  },
});

const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirmemail',
  staticData: { title: 'confirmEmail' },
  component: ConfirmEmailScreen,
});

const emailVerifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify',
  staticData: { title: 'emailVerified' },
  component: EmailVerifiedScreen,
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify/$code',
  staticData: { title: 'verifyEmail' },
  component: function VerifyEmailPage() {
    return <VerifyEmailScreen code={verifyEmailRoute.useParams().code} />;
  },
});

const confirmPhoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirmPhone',
  staticData: { title: 'confirmPhone' },
  validateSearch: CodeSearchSchema,
  component: function ConfirmPhonePage() {
    return <ConfirmPhoneScreen code={confirmPhoneRoute.useSearch().code} editable={false} />;
  },
});

const editPhoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'editPhone',
  staticData: { title: 'confirmPhone' },
  validateSearch: EditPhoneSearchSchema,
  component: function EditPhonePage() {
    const search = editPhoneRoute.useSearch();
    return <ConfirmPhoneScreen code={search.code} editable={search.edit !== undefined} />;
  },
});

const phoneVerifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'phoneverify',
  staticData: { title: 'phoneVerify' },
  validateSearch: CodeSearchSchema,
  component: function PhoneVerifyPage() {
    return <PhoneVerifyScreen code={phoneVerifyRoute.useSearch().code} />;
  },
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgotpassword',
  staticData: { title: 'forgotPassword' },
  component: ForgotPasswordScreen,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'resetpassword/$code',
  staticData: { title: 'resetPassword' },
  component: function ResetPasswordPage() {
    return <ResetPasswordScreen code={resetPasswordRoute.useParams().code} />;
  },
});

const successRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'success',
  staticData: { title: 'success' },
  validateSearch: SuccessSearchSchema,
  component: function SuccessPage() {
    const search = successRoute.useSearch();
    return <SuccessScreen individualCode={search.indivi_code} brandCode={search.brand_code} />;
  },
});

/** A shared referral link: counts the click, keeps the code, sends the visitor on. */
const referralLandingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'ref/$code',
  staticData: { title: 'referrals' },
  component: function ReferralLandingPage() {
    return <ReferralLandingScreen code={referralLandingRoute.useParams().code} />;
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
