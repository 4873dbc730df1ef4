/** Pages anyone can read: the site, the contest, the token sale's public pages and the burns. */
import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '@brnd/ui/screens/Home/HomeScreen';
import { ServerErrorScreen } from '@brnd/ui/screens/ServerError/ServerErrorScreen';
import { BuySuccessSearchSchema, CodeSearchSchema } from '../search.ts';
import { rootRoute } from './root.tsx';
import { pageRoute, screenRoute } from './screen-route.tsx';

const voting = screenRoute((screens) => screens.votingScreen);
const brandDetail = screenRoute((screens) => screens.brandDetailScreen);
const ico = screenRoute((screens) => screens.icoScreen);
const buySuccess = screenRoute((screens) => screens.buySuccessScreen);

/* The first page's screen ships with the app, as does the error page. */

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: 'home' },
  component: HomeScreen,
});

const contactSuccessRoute = pageRoute(
  () => rootRoute,
  'contactsuccess',
  (screens) => screens.contactSuccessScreen,
);

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
  ...voting.options,
  // A vote referral link (/ref/{code}-vote) arrives with its code: a visitor registers with it.
  validateSearch: CodeSearchSchema,
  component: function VotingPage() {
    return <voting.Screen referralCode={votingRoute.useSearch().code} />;
  },
});

const brandRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'brand/$brandId',
  ...brandDetail.options,
  component: function BrandPage() {
    return <brandDetail.Screen brandId={brandRoute.useParams().brandId} />;
  },
});

const newBrandAccountRoute = pageRoute(
  () => rootRoute,
  'newbrandaccount',
  (screens) => screens.newBrandAccountScreen,
);

/* Public pages: each one's code loads when it is visited, so the home page stays small. */

const pricingRoute = pageRoute(
  () => rootRoute,
  'pricing',
  (screens) => screens.pricingScreen,
);

const faqRoute = pageRoute(
  () => rootRoute,
  'faq',
  (screens) => screens.faqScreen,
);

const termsOfServiceRoute = pageRoute(
  () => rootRoute,
  'terms-of-service',
  (screens) => screens.termsOfServiceScreen,
);

const privacyPolicyRoute = pageRoute(
  () => rootRoute,
  'privacypolicy',
  (screens) => screens.privacyPolicyScreen,
);

const companyRoute = pageRoute(
  () => rootRoute,
  'company',
  (screens) => screens.companyScreen,
);

const contactRoute = pageRoute(
  () => rootRoute,
  'contact',
  (screens) => screens.contactScreen,
);

const icoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'ico',
  ...ico.options,
  validateSearch: CodeSearchSchema,
  component: function IcoPage() {
    return <ico.Screen code={icoRoute.useSearch().code} />;
  },
});

const buySuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'buysuccess',
  ...buySuccess.options,
  validateSearch: BuySuccessSearchSchema,
  component: function BuySuccessPage() {
    const search = buySuccessRoute.useSearch();
    return <buySuccess.Screen tokens={search.tokens} status={search.status} />;
  },
});

// The feed arrives with the page's code, so the articles render at once instead of replacing
// a spinner (no layout shift).
const blogRoute = pageRoute(
  () => rootRoute,
  'blog',
  (screens) => screens.blogScreen,
);

const burnsRoute = pageRoute(
  () => rootRoute,
  'burns',
  (screens) => screens.burnsScreen,
);

export const publicRoutes = [
  homeRoute,
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
  burnsRoute,
] as const;
