/** The signed-in user's area under /user: dashboard, sale, referrals, brands and tokens. */
import {
  createRoute,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import { withMessages } from '@brnd/ui/i18n';
import { requireSession } from '../guard.ts';
import { BuyTokenSearchSchema } from '../search.ts';
import { lazyScreen, USER_AREA_NAMESPACES, BRAND_FORM_NAMESPACES, rootRoute } from './root.tsx';

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

/**
 * The contract's one id rule, loaded with the console's code rather than with the first page (it
 * lives among every form's field rules, decision 050).
 */
const brandIdRule = () =>
  import('@brnd/contracts/domain/rules').then((module) => module.parseRecordId);

const brandConsoleRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'brands/$brandId',
  staticData: { title: 'brandConsole' },
  // The contract's one id rule: an address that names no record is the 404 page.
  beforeLoad: async ({ params }) => {
    if ((await brandIdRule())(params.brandId) === null) throw notFound();
  },
  component: function BrandConsolePage() {
    return <BrandConsoleScreen brandId={Number(brandConsoleRoute.useParams().brandId)} />;
  },
});

const BRAND_CONSOLE_SECTIONS = ['give', 'offers', 'staking'] as const;

const brandConsoleSectionRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'brands/$brandId/$section',
  staticData: { title: 'brandConsole' },
  beforeLoad: async ({ params }) => {
    if (!(BRAND_CONSOLE_SECTIONS as readonly string[]).includes(params.section)) throw notFound();
    if ((await brandIdRule())(params.brandId) === null) throw notFound();
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
    requireSession({ session: context.session.getSession(), location });
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

export const userRoutes = userRoute.addChildren([
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
]);
