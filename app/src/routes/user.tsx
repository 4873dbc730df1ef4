/** The signed-in user's area under /user: dashboard, sale, referrals, brands and tokens. */
import { createRoute, notFound, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { requireSession } from '../guard.ts';
import { BuyTokenSearchSchema } from '../search.ts';
import { rootRoute } from './root.tsx';
import { screenRoute } from './screen-route.tsx';

const addBrand = screenRoute((screens) => screens.addBrandScreen);
const brandConsole = screenRoute((screens) => screens.brandConsoleScreen);
const buyToken = screenRoute((screens) => screens.buyTokenScreen);
const buyTokenPayment = screenRoute((screens) => screens.buyTokenPaymentScreen);
const dashboardHome = screenRoute((screens) => screens.dashboardHomeScreen);
const dashboardShell = screenRoute((screens) => screens.dashboardShellScreen);
const myBrands = screenRoute((screens) => screens.myBrandsScreen);
const myTokens = screenRoute((screens) => screens.myTokensScreen);
const profile = screenRoute((screens) => screens.profileScreen);
const referrals = screenRoute((screens) => screens.referralsScreen);
const transactions = screenRoute((screens) => screens.transactionsScreen);
const wallet = screenRoute((screens) => screens.walletScreen);

const myBrandsRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'mybrands/lists',
  ...myBrands.options,
  component: myBrands.Screen,
});

const addBrandRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'mybrands/addbrand',
  ...addBrand.options,
  component: addBrand.Screen,
});

/* Token-as-a-service (issue #8): the customer's tokens and each owned brand's console. */

const tokensRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'tokens',
  ...myTokens.options,
  component: myTokens.Screen,
});

/**
 * The contract's one id rule, loaded with the console's code rather than with the first page (it
 * lives among every form's field rules, decision 050).
 */
const brandIdRule = () =>
  import('@brnd/contracts/domain/rules').then((module) => module.parseRecordId);

const brandConsoleRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'brands/$brandId',
  ...brandConsole.options,
  // The contract's one id rule: an address that names no record is the 404 page.
  beforeLoad: async ({ params }) => {
    if ((await brandIdRule())(params.brandId) === null) throw notFound();
  },
  component: function BrandConsolePage() {
    return <brandConsole.Screen brandId={Number(brandConsoleRoute.useParams().brandId)} />;
  },
});

const BRAND_CONSOLE_SECTIONS = ['give', 'offers', 'staking'] as const;

const brandConsoleSectionRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'brands/$brandId/$section',
  ...brandConsole.options,
  beforeLoad: async ({ params }) => {
    if (!(BRAND_CONSOLE_SECTIONS as readonly string[]).includes(params.section)) throw notFound();
    if ((await brandIdRule())(params.brandId) === null) throw notFound();
  },
  component: function BrandConsoleSectionPage() {
    const { brandId, section } = brandConsoleSectionRoute.useParams();
    return (
      <brandConsole.Screen
        brandId={Number(brandId)}
        section={section as (typeof BRAND_CONSOLE_SECTIONS)[number]}
      />
    );
  },
});

const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'user',
  ...dashboardShell.options,
  beforeLoad: ({ context, location }) => {
    requireSession({ session: context.session.getSession(), location });
  },
  component: function UserArea() {
    const pathname = useRouterState({ select: (state) => state.location.pathname });
    return (
      <dashboardShell.Screen pathname={pathname}>
        <Outlet />
      </dashboardShell.Screen>
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
  ...dashboardHome.options,
  component: dashboardHome.Screen,
});

const walletRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'wallet',
  ...wallet.options,
  component: wallet.Screen,
});

const referralsRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'referrals',
  ...referrals.options,
  component: referrals.Screen,
});

const transactionsRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'transactions',
  ...transactions.options,
  component: transactions.Screen,
});

const buyTokenRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'buytoken',
  ...buyToken.options,
  validateSearch: BuyTokenSearchSchema,
  component: function BuyTokenPage() {
    return <buyToken.Screen search={buyTokenRoute.useSearch()} />;
  },
});

/* The URL decides the step: with an order id it is step 2 (also at the spec's /status address). */
const buyTokenPaymentRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'buytoken/$uuid',
  ...buyTokenPayment.options,
  component: function BuyTokenPaymentPage() {
    return <buyTokenPayment.Screen uuid={buyTokenPaymentRoute.useParams().uuid} />;
  },
});

const buyTokenStatusRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'buytoken/$uuid/status',
  ...buyTokenPayment.options,
  component: function BuyTokenStatusPage() {
    return <buyTokenPayment.Screen uuid={buyTokenStatusRoute.useParams().uuid} />;
  },
});

const profileRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'profile/person',
  ...profile.options,
  component: profile.Screen,
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
