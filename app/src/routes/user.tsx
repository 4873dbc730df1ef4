/** The signed-in user's area under /user: dashboard, sale, referrals, brands and tokens. */
import { createRoute, notFound, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { requireSession } from '../guard.ts';
import { BuyTokenSearchSchema } from '../search.ts';
import { rootRoute } from './root.tsx';
import { loadScreens, pageRoute, screenRoute } from './screen-route.tsx';

const brandConsole = screenRoute((screens) => screens.brandConsoleScreen);
const buyToken = screenRoute((screens) => screens.buyTokenScreen);
const buyTokenPayment = screenRoute((screens) => screens.buyTokenPaymentScreen);
const dashboardShell = screenRoute((screens) => screens.dashboardShellScreen);

const myBrandsRoute = pageRoute(
  () => userRoute,
  'mybrands/lists',
  (screens) => screens.myBrandsScreen,
);

const addBrandRoute = pageRoute(
  () => userRoute,
  'mybrands/addbrand',
  (screens) => screens.addBrandScreen,
);

/* Token-as-a-service (issue #8): the customer's tokens and each owned brand's console. */

const tokensRoute = pageRoute(
  () => userRoute,
  'tokens',
  (screens) => screens.myTokensScreen,
);

const brandConsoleRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'brands/$brandId',
  ...brandConsole.options,
  // The contract's one id rule: an address that names no record is the 404 page.
  beforeLoad: async ({ params }) => {
    if ((await loadScreens()).parseRecordId(params.brandId) === null) throw notFound();
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
    if ((await loadScreens()).parseRecordId(params.brandId) === null) throw notFound();
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

const dashboardRoute = pageRoute(
  () => userRoute,
  'dashboard',
  (screens) => screens.dashboardHomeScreen,
);

const walletRoute = pageRoute(
  () => userRoute,
  'wallet',
  (screens) => screens.walletScreen,
);

const referralsRoute = pageRoute(
  () => userRoute,
  'referrals',
  (screens) => screens.referralsScreen,
);

const transactionsRoute = pageRoute(
  () => userRoute,
  'transactions',
  (screens) => screens.transactionsScreen,
);

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

const profileRoute = pageRoute(
  () => userRoute,
  'profile/person',
  (screens) => screens.profileScreen,
);

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
