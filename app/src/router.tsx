import { lazy, Suspense, type ComponentType } from 'react';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
  useMatches,
  useRouterState,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@brnd/contracts/api/client';
import { blogQueryOptions } from '@brnd/ui/screens/Blog/blog-queries';
import { SiteLayout } from '@brnd/ui/screens/SiteLayout/SiteLayout';
import { HomeScreen } from '@brnd/ui/screens/Home/HomeScreen';
import { NotFoundScreen } from '@brnd/ui/screens/NotFound/NotFoundScreen';
import { ServerErrorScreen } from '@brnd/ui/screens/ServerError/ServerErrorScreen';
import { withMessages } from '@brnd/ui/i18n';
import type { CookieSessionStore } from './cookie-session.ts';
import { requireToken } from './guard.ts';
import { usePageTitle } from './page-title.ts';
import type { TitleKey } from './route-titles.ts';
import {
  CodeSearchSchema,
  EditPhoneSearchSchema,
  BuyTokenSearchSchema,
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

/* Messages beyond the shared ones arrive with the pages that use them (see @brnd/locales/browser). */
const ACCOUNT_NAMESPACES = ['accounts', 'validation'];
const USER_AREA_NAMESPACES = [
  ...ACCOUNT_NAMESPACES,
  'dashboard',
  'profile',
  'wallet',
  'transactions',
  'orders',
  'sale',
  'voting',
  'brandTokens',
];
const SALE_NAMESPACES = ['sale', 'accounts', 'validation'];
/** The ICO page also shows the team, whose roles are the company page's words. */
const ICO_NAMESPACES = [...SALE_NAMESPACES, 'company'];
const VOTING_NAMESPACES = ['voting', 'accounts', 'validation'];

const AdminConsole = lazyScreen(
  withMessages(['admin', 'finance'], () =>
    import('@brnd/ui/screens/AdminConsole/AdminConsole').then((module) => module.AdminConsole),
  ),
);
const AdminBuybacksScreen = lazyScreen(
  withMessages(['admin'], () =>
    import('@brnd/ui/screens/AdminBuybacks/AdminBuybacksScreen').then(
      (module) => module.AdminBuybacksScreen,
    ),
  ),
);
const AdminOrdersScreen = lazyScreen(
  withMessages(['finance'], () =>
    import('@brnd/ui/screens/AdminOrders/AdminOrdersScreen').then(
      (module) => module.AdminOrdersScreen,
    ),
  ),
);
const AdminOrderScreen = lazyScreen(
  withMessages(['finance', 'orders'], () =>
    import('@brnd/ui/screens/AdminOrders/AdminOrderScreen').then(
      (module) => module.AdminOrderScreen,
    ),
  ),
);
const AdminPayoutsScreen = lazyScreen(
  withMessages(['finance'], () =>
    import('@brnd/ui/screens/AdminPayouts/AdminPayoutsScreen').then(
      (module) => module.AdminPayoutsScreen,
    ),
  ),
);
const AdminSaleScreen = lazyScreen(
  withMessages(['finance', 'sale'], () =>
    import('@brnd/ui/screens/AdminSale/AdminSaleScreen').then((module) => module.AdminSaleScreen),
  ),
);
const BurnsScreen = lazyScreen(
  withMessages(['burns'], () =>
    import('@brnd/ui/screens/Burns/BurnsScreen').then((module) => module.BurnsScreen),
  ),
);
const AuditLogScreen = lazyScreen(
  withMessages(['admin'], () =>
    import('@brnd/ui/screens/AuditLog/AuditLogScreen').then((module) => module.AuditLogScreen),
  ),
);
const AdminVerificationScreen = lazyScreen(
  withMessages(['adminVerification'], () =>
    import('@brnd/ui/screens/AdminVerification/AdminVerificationScreen').then(
      (module) => module.AdminVerificationScreen,
    ),
  ),
);
const AdminContestScreen = lazyScreen(
  withMessages(['adminContest'], () =>
    import('@brnd/ui/screens/AdminContest/AdminContestScreen').then(
      (module) => module.AdminContestScreen,
    ),
  ),
);

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
const ContactSuccessScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/ContactSuccess/ContactSuccessScreen').then(
      (module) => module.ContactSuccessScreen,
    ),
  ),
);
const ReferralLandingScreen = lazyScreen(
  withMessages(['referrals'], () =>
    import('@brnd/ui/screens/ReferralLanding/ReferralLandingScreen').then(
      (module) => module.ReferralLandingScreen,
    ),
  ),
);
// The user area's pages render inside the shell, so the shell brings their namespaces.
const DashboardShell = lazyScreen(
  withMessages(USER_AREA_NAMESPACES, () =>
    import('@brnd/ui/screens/DashboardShell/DashboardShell').then(
      (module) => module.DashboardShell,
    ),
  ),
);
const DashboardHomeScreen = lazyScreen(() =>
  import('@brnd/ui/screens/DashboardHome/DashboardHomeScreen').then(
    (module) => module.DashboardHomeScreen,
  ),
);
const IcoScreen = lazyScreen(
  withMessages(ICO_NAMESPACES, () =>
    import('@brnd/ui/screens/Ico/IcoScreen').then((module) => module.IcoScreen),
  ),
);
const BuyTokenScreen = lazyScreen(() =>
  import('@brnd/ui/screens/BuyToken/BuyTokenScreen').then((module) => module.BuyTokenScreen),
);
const BuyTokenPaymentScreen = lazyScreen(() =>
  import('@brnd/ui/screens/BuyTokenPayment/BuyTokenPaymentScreen').then(
    (module) => module.BuyTokenPaymentScreen,
  ),
);
const ProfileScreen = lazyScreen(() =>
  import('@brnd/ui/screens/Profile/ProfileScreen').then((module) => module.ProfileScreen),
);
const VotingScreen = lazyScreen(
  withMessages(VOTING_NAMESPACES, () =>
    import('@brnd/ui/screens/Voting/VotingScreen').then((module) => module.VotingScreen),
  ),
);
const BrandDetailScreen = lazyScreen(
  withMessages(VOTING_NAMESPACES, () =>
    import('@brnd/ui/screens/BrandDetail/BrandDetailScreen').then(
      (module) => module.BrandDetailScreen,
    ),
  ),
);

export interface RouterContext {
  queryClient: QueryClient;
  session: CookieSessionStore;
  /** For loaders that fetch a page's data alongside its code. */
  apiClient: ApiClient;
  /**
   * `prerendered` is true while the first page is rendered to HTML at build time or hydrated
   * from that HTML: it shows the loading state of the page's API data (there is no API at build
   * time) and the first render must match it, so loaders leave the fetch to the page then.
   */
  firstLoad: { prerendered: boolean };
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

/** A shared referral link: counts the click, keeps the code, sends the visitor on. */
const referralLandingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'ref/$code',
  staticData: { title: 'referrals' },
  component: function ReferralLandingPage() {
    return <ReferralLandingScreen code={referralLandingRoute.useParams().code} />;
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

/* The monthly brand contest: voting and each brand's own page. */

const votingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'voting',
  staticData: { title: 'voting' },
  // A vote referral link (/ref/{code}-vote) arrives with its code: a visitor registers with it.
  validateSearch: CodeSearchSchema,
  component: function VotingPage() {
    return <VotingScreen referralCode={votingRoute.useSearch().code} />;
  },
});

const brandRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'brand/$brandId',
  staticData: { title: 'brand' },
  component: function BrandPage() {
    return <BrandDetailScreen brandId={brandRoute.useParams().brandId} />;
  },
});

/** My brands and the company form bring the brand forms' messages and the server's refusals. */
const BRAND_FORM_NAMESPACES = ['brands', 'voting', 'validation', 'uploads', 'companies'];

const newBrandAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'newbrandaccount',
  staticData: { title: 'newBrandAccount' },
  component: lazyRouteComponent(
    withMessages(
      BRAND_FORM_NAMESPACES,
      () => import('@brnd/ui/screens/NewBrandAccount/NewBrandAccountScreen'),
    ),
    'NewBrandAccountScreen',
  ),
});

const myBrandsRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'mybrands/lists',
  staticData: { title: 'myBrands' },
  component: lazyRouteComponent(
    withMessages(BRAND_FORM_NAMESPACES, () => import('@brnd/ui/screens/MyBrands/MyBrandsScreen')),
    'MyBrandsScreen',
  ),
});

const addBrandRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'mybrands/addbrand',
  staticData: { title: 'addBrand' },
  component: lazyRouteComponent(
    withMessages(BRAND_FORM_NAMESPACES, () => import('@brnd/ui/screens/AddBrand/AddBrandScreen')),
    'AddBrandScreen',
  ),
});

/* Token-as-a-service (issue #8): the customer's tokens and each owned brand's console. */

const tokensRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'tokens',
  staticData: { title: 'myTokens' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/MyTokens/MyTokensScreen'),
    'MyTokensScreen',
  ),
});

const BrandConsoleScreen = lazyScreen(() =>
  import('@brnd/ui/screens/BrandConsole/BrandConsoleScreen').then(
    (module) => module.BrandConsoleScreen,
  ),
);

const brandConsoleRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'brands/$brandId',
  staticData: { title: 'brandConsole' },
  component: function BrandConsolePage() {
    return <BrandConsoleScreen brandId={Number(brandConsoleRoute.useParams().brandId)} />;
  },
});

const BRAND_CONSOLE_SECTIONS = ['give', 'offers', 'staking'] as const;

const brandConsoleSectionRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'brands/$brandId/$section',
  staticData: { title: 'brandConsole' },
  beforeLoad: ({ params }) => {
    if (!(BRAND_CONSOLE_SECTIONS as readonly string[]).includes(params.section)) throw notFound();
  },
  component: function BrandConsoleSectionPage() {
    const { brandId, section } = brandConsoleSectionRoute.useParams();
    return (
      <BrandConsoleScreen
        brandId={Number(brandId)}
        section={section as (typeof BRAND_CONSOLE_SECTIONS)[number]}
      />
    );
  },
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

const referralsRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'referrals',
  staticData: { title: 'referrals' },
  component: lazyRouteComponent(
    () => import('@brnd/ui/screens/Referrals/ReferralsScreen'),
    'ReferralsScreen',
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

const buyTokenRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'buytoken',
  staticData: { title: 'buyToken' },
  validateSearch: BuyTokenSearchSchema,
  component: function BuyTokenPage() {
    return <BuyTokenScreen search={buyTokenRoute.useSearch()} />;
  },
});

/* The URL decides the step: with an order id it is step 2 (also at the spec's /status address). */
const buyTokenPaymentRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'buytoken/$uuid',
  staticData: { title: 'buyToken' },
  component: function BuyTokenPaymentPage() {
    return <BuyTokenPaymentScreen uuid={buyTokenPaymentRoute.useParams().uuid} />;
  },
});

const buyTokenStatusRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'buytoken/$uuid/status',
  staticData: { title: 'buyToken' },
  component: function BuyTokenStatusPage() {
    return <BuyTokenPaymentScreen uuid={buyTokenStatusRoute.useParams().uuid} />;
  },
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
    withMessages(['pricing'], () => import('@brnd/ui/screens/Pricing/PricingScreen')),
    'PricingScreen',
  ),
});

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'faq',
  staticData: { title: 'faq' },
  component: lazyRouteComponent(
    withMessages(['faq', 'legal'], () => import('@brnd/ui/screens/Faq/FaqScreen')),
    'FaqScreen',
  ),
});

const termsOfServiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms-of-service',
  staticData: { title: 'termsOfService' },
  component: lazyRouteComponent(
    withMessages(
      ['terms', 'legal'],
      () => import('@brnd/ui/screens/TermsOfService/TermsOfServiceScreen'),
    ),
    'TermsOfServiceScreen',
  ),
});

const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacypolicy',
  staticData: { title: 'privacyPolicy' },
  component: lazyRouteComponent(
    withMessages(
      ['privacy', 'legal'],
      () => import('@brnd/ui/screens/PrivacyPolicy/PrivacyPolicyScreen'),
    ),
    'PrivacyPolicyScreen',
  ),
});

const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'company',
  staticData: { title: 'company' },
  component: lazyRouteComponent(
    withMessages(['company', 'legal'], () => import('@brnd/ui/screens/Company/CompanyScreen')),
    'CompanyScreen',
  ),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contact',
  staticData: { title: 'contact' },
  component: lazyRouteComponent(
    withMessages(['contact', 'validation'], () => import('@brnd/ui/screens/Contact/ContactScreen')),
    'ContactScreen',
  ),
});

const icoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'ico',
  staticData: { title: 'ico' },
  validateSearch: CodeSearchSchema,
  component: function IcoPage() {
    return <IcoScreen code={icoRoute.useSearch().code} />;
  },
});

const buySuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'buysuccess',
  staticData: { title: 'buySuccess' },
  component: lazyRouteComponent(
    withMessages(SALE_NAMESPACES, () => import('@brnd/ui/screens/BuySuccess/BuySuccessScreen')),
    'BuySuccessScreen',
  ),
});

const blogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'blog',
  staticData: { title: 'blog' },
  // The feed arrives with the page's code, so the articles render at once instead of replacing
  // a spinner (no layout shift). A failed fetch is not thrown: the page shows its error state.
  loader: ({ context }) =>
    context.firstLoad.prerendered
      ? undefined
      : context.queryClient.prefetchQuery(blogQueryOptions(context.apiClient)),
  component: lazyRouteComponent(() => import('@brnd/ui/screens/Blog/BlogScreen'), 'BlogScreen'),
});

// The operator console: a session is needed to ask; the server decides who is an operator.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  staticData: { title: 'admin' },
  beforeLoad: ({ context, location }) => {
    requireToken({ token: context.session.getToken(), location });
  },
  component: function AdminArea() {
    const pathname = useRouterState({ select: (state) => state.location.pathname });
    return (
      <AdminConsole pathname={pathname}>
        <Outlet />
      </AdminConsole>
    );
  },
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    // The queue is the console's daily work: it opens there.
    throw redirect({ to: '/admin/verification', replace: true });
  },
});

const adminBuybacksRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'buybacks',
  staticData: { title: 'buybacks' },
  component: AdminBuybacksScreen,
});

const adminOrdersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders',
  staticData: { title: 'adminOrders' },
  component: AdminOrdersScreen,
});

const adminOrderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$id',
  staticData: { title: 'adminOrder' },
  component: function AdminOrderRoute() {
    const { id } = adminOrderRoute.useParams();
    return <AdminOrderScreen id={id} />;
  },
});

const adminPayoutsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'payouts',
  staticData: { title: 'adminPayouts' },
  component: AdminPayoutsScreen,
});

const adminSaleRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'sale',
  staticData: { title: 'adminSale' },
  component: AdminSaleScreen,
});

const burnsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'burns',
  staticData: { title: 'burns' },
  component: BurnsScreen,
});

const auditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'audit-log',
  staticData: { title: 'auditLog' },
  component: AuditLogScreen,
});

const adminVerificationRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'verification',
  staticData: { title: 'verification' },
  component: AdminVerificationScreen,
});

const adminContestRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'contest',
  staticData: { title: 'contest' },
  component: AdminContestScreen,
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
  referralLandingRoute,
  contactSuccessRoute,
  serverErrorRoute,
  votingRoute,
  brandRoute,
  newBrandAccountRoute,
  pricingRoute,
  faqRoute,
  termsOfServiceRoute,
  privacyPolicyRoute,
  companyRoute,
  contactRoute,
  blogRoute,
  icoRoute,
  buySuccessRoute,
  userRoute.addChildren([
    userIndexRoute,
    dashboardRoute,
    walletRoute,
    transactionsRoute,
    referralsRoute,
    buyTokenRoute,
    buyTokenPaymentRoute,
    buyTokenStatusRoute,
    profileRoute,
    myBrandsRoute,
    addBrandRoute,
    tokensRoute,
    brandConsoleRoute,
    brandConsoleSectionRoute,
  ]),
  burnsRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    adminVerificationRoute,
    adminContestRoute,
    adminBuybacksRoute,
    auditLogRoute,
    adminOrdersRoute,
    adminOrderRoute,
    adminPayoutsRoute,
    adminSaleRoute,
  ]),
]);

export function createAppRouter(
  context: RouterContext,
  history?: RouterHistory,
  { prerender = false }: { prerender?: boolean } = {},
) {
  return createRouter({
    routeTree,
    context,
    history,
    parseSearch,
    stringifySearch,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    // The build's prerender runs the browser's code path in Node, so its markup is what the
    // browser hydrates; Node has no window whose scroll to restore.
    ...(prerender
      ? { isServer: false, origin: 'http://localhost', scrollRestoration: false }
      : { scrollRestoration: true }),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
