import { lazy, Suspense, type ComponentType } from 'react';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useMatches,
  useRouterState,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { SiteLayout } from '@brnd/ui/screens/SiteLayout/SiteLayout';
import { HomeScreen } from '@brnd/ui/screens/Home/HomeScreen';
import { NotFoundScreen } from '@brnd/ui/screens/NotFound/NotFoundScreen';
import { ServerErrorScreen } from '@brnd/ui/screens/ServerError/ServerErrorScreen';
import type { CookieSessionStore } from './cookie-session.ts';
import { requireToken } from './guard.ts';
import { usePageTitle } from './page-title.ts';
import type { TitleKey } from './route-titles.ts';
import {
  CodeSearchSchema,
  EditPhoneSearchSchema,
  LoginSearchSchema,
  SuccessSearchSchema,
  parseSearch,
  stringifySearch,
} from './search.ts';

/**
 * A screen whose code loads when its route is first shown: a visitor of the public pages never
 * downloads the account and dashboard screens.
 */
function lazyScreen<C extends ComponentType<never>>(load: () => Promise<C>): C {
  const Lazy = lazy(async () => ({ default: (await load()) as unknown as ComponentType<object> }));
  function LazyScreen(props: object) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyScreen as unknown as C;
}

const LoginScreen = lazyScreen(() =>
  import('@brnd/ui/screens/Login/LoginScreen').then((module) => module.LoginScreen),
);
const RegisterScreen = lazyScreen(() =>
  import('@brnd/ui/screens/Register/RegisterScreen').then((module) => module.RegisterScreen),
);
const ConfirmEmailScreen = lazyScreen(() =>
  import('@brnd/ui/screens/ConfirmEmail/ConfirmEmailScreen').then(
    (module) => module.ConfirmEmailScreen,
  ),
);
const VerifyEmailScreen = lazyScreen(() =>
  import('@brnd/ui/screens/VerifyEmail/VerifyEmailScreen').then(
    (module) => module.VerifyEmailScreen,
  ),
);
const EmailVerifiedScreen = lazyScreen(() =>
  import('@brnd/ui/screens/EmailVerified/EmailVerifiedScreen').then(
    (module) => module.EmailVerifiedScreen,
  ),
);
const ConfirmPhoneScreen = lazyScreen(() =>
  import('@brnd/ui/screens/ConfirmPhone/ConfirmPhoneScreen').then(
    (module) => module.ConfirmPhoneScreen,
  ),
);
const PhoneVerifyScreen = lazyScreen(() =>
  import('@brnd/ui/screens/PhoneVerify/PhoneVerifyScreen').then(
    (module) => module.PhoneVerifyScreen,
  ),
);
const ForgotPasswordScreen = lazyScreen(() =>
  import('@brnd/ui/screens/ForgotPassword/ForgotPasswordScreen').then(
    (module) => module.ForgotPasswordScreen,
  ),
);
const ResetPasswordScreen = lazyScreen(() =>
  import('@brnd/ui/screens/ResetPassword/ResetPasswordScreen').then(
    (module) => module.ResetPasswordScreen,
  ),
);
const SuccessScreen = lazyScreen(() =>
  import('@brnd/ui/screens/Success/SuccessScreen').then((module) => module.SuccessScreen),
);
const ContactSuccessScreen = lazyScreen(() =>
  import('@brnd/ui/screens/ContactSuccess/ContactSuccessScreen').then(
    (module) => module.ContactSuccessScreen,
  ),
);
const DashboardShell = lazyScreen(() =>
  import('@brnd/ui/screens/DashboardShell/DashboardShell').then((module) => module.DashboardShell),
);
const DashboardHomeScreen = lazyScreen(() =>
  import('@brnd/ui/screens/DashboardHome/DashboardHomeScreen').then(
    (module) => module.DashboardHomeScreen,
  ),
);
const ProfileScreen = lazyScreen(() =>
  import('@brnd/ui/screens/Profile/ProfileScreen').then((module) => module.ProfileScreen),
);

export interface RouterContext {
  queryClient: QueryClient;
  session: CookieSessionStore;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The browser tab title of the page. */
    title?: TitleKey;
  }
}

function RouteTitle() {
  const matches = useMatches();
  const title = matches.findLast((match) => match.staticData.title)?.staticData.title;
  usePageTitle(title ?? 'home');
  return null;
}

function RootLayout() {
  return (
    <>
      {/* Before the pages, so a page that sets its own title (404, error) runs after it. */}
      <RouteTitle />
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </>
  );
}

function NotFoundPage() {
  usePageTitle('notFound');
  return <NotFoundScreen />;
}

function ErrorPage({ error, reset }: ErrorComponentProps) {
  usePageTitle('serverError');
  // The user sees the apology; the details belong in the console for whoever debugs it.
  console.error(error);
  return <ServerErrorScreen onRetry={reset} />;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: 'home' },
  component: HomeScreen,
});

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
  validateSearch: CodeSearchSchema,
  component: function RegisterPage() {
    return <RegisterScreen referralCode={registerRoute.useSearch().code} />;
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

const contactSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contactsuccess',
  staticData: { title: 'contactSuccess' },
  component: ContactSuccessScreen,
});

const serverErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '500',
  staticData: { title: 'serverError' },
  component: ServerErrorScreen,
});

const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user',
  staticData: { title: 'dashboard' },
  beforeLoad: ({ context, location }) => {
    requireToken({ token: context.session.getToken(), location });
  },
  component: function UserArea() {
    const pathname = useRouterState({ select: (state) => state.location.pathname });
    return (
      <DashboardShell pathname={pathname}>
        <Outlet />
      </DashboardShell>
    );
  },
});

const userIndexRoute = createRoute({
  getParentRoute: () => userRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/user/dashboard', replace: true });
  },
});

const dashboardRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'dashboard',
  staticData: { title: 'dashboard' },
  component: DashboardHomeScreen,
});

const walletRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'wallet',
  staticData: { title: 'wallet' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/Wallet/WalletScreen'),
    'WalletScreen',
  ),
});

const transactionsRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'transactions',
  staticData: { title: 'transactions' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/Transactions/TransactionsScreen'),
    'TransactionsScreen',
  ),
});

const profileRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'profile/person',
  staticData: { title: 'profile' },
  component: ProfileScreen,
});

/* Public pages: each one's code loads when it is visited, so the home page stays small. */

const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pricing',
  staticData: { title: 'pricing' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/Pricing/PricingScreen'),
    'PricingScreen',
  ),
});

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'faq',
  staticData: { title: 'faq' },
  component: lazyRouteComponent(() => import('@brnd/ui/screens/Faq/FaqScreen'), 'FaqScreen'),
});

const termsOfServiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms-of-service',
  staticData: { title: 'termsOfService' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/TermsOfService/TermsOfServiceScreen'),
    'TermsOfServiceScreen',
  ),
});

const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacypolicy',
  staticData: { title: 'privacyPolicy' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/PrivacyPolicy/PrivacyPolicyScreen'),
    'PrivacyPolicyScreen',
  ),
});

const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'company',
  staticData: { title: 'company' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/Company/CompanyScreen'),
    'CompanyScreen',
  ),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contact',
  staticData: { title: 'contact' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/Contact/ContactScreen'),
    'ContactScreen',
  ),
});

const blogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'blog',
  staticData: { title: 'blog' },
  component: lazyRouteComponent(() => import('@brnd/ui/screens/Blog/BlogScreen'), 'BlogScreen'),
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
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
  contactSuccessRoute,
  serverErrorRoute,
  pricingRoute,
  faqRoute,
  termsOfServiceRoute,
  privacyPolicyRoute,
  companyRoute,
  contactRoute,
  blogRoute,
  userRoute.addChildren([
    userIndexRoute,
    dashboardRoute,
    walletRoute,
    transactionsRoute,
    profileRoute,
  ]),
]);

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    parseSearch,
    stringifySearch,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
