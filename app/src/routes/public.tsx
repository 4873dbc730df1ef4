/** Pages anyone can read: the site, the contest, the token sale's public pages and the burns. */
import { createRoute } from '@tanstack/react-router';
import { HomeScreen } from '@brnd/ui/screens/Home/HomeScreen';
import { ServerErrorScreen } from '@brnd/ui/screens/ServerError/ServerErrorScreen';
import { BuySuccessSearchSchema, CodeSearchSchema } from '../search.ts';
import { rootRoute } from './root.tsx';
import { screenRoute } from './screen-route.tsx';

const blog = screenRoute((screens) => screens.blogScreen);
const burns = screenRoute((screens) => screens.burnsScreen);
const company = screenRoute((screens) => screens.companyScreen);
const contact = screenRoute((screens) => screens.contactScreen);
const contactSuccess = screenRoute((screens) => screens.contactSuccessScreen);
const faq = screenRoute((screens) => screens.faqScreen);
const newBrandAccount = screenRoute((screens) => screens.newBrandAccountScreen);
const pricing = screenRoute((screens) => screens.pricingScreen);
const privacyPolicy = screenRoute((screens) => screens.privacyPolicyScreen);
const termsOfService = screenRoute((screens) => screens.termsOfServiceScreen);
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

const contactSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contactsuccess',
  ...contactSuccess.options,
  component: contactSuccess.Screen,
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

const newBrandAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'newbrandaccount',
  ...newBrandAccount.options,
  component: newBrandAccount.Screen,
});

/* Public pages: each one's code loads when it is visited, so the home page stays small. */

const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pricing',
  ...pricing.options,
  component: pricing.Screen,
});

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'faq',
  ...faq.options,
  component: faq.Screen,
});

const termsOfServiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms-of-service',
  ...termsOfService.options,
  component: termsOfService.Screen,
});

const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacypolicy',
  ...privacyPolicy.options,
  component: privacyPolicy.Screen,
});

const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'company',
  ...company.options,
  component: company.Screen,
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'contact',
  ...contact.options,
  component: contact.Screen,
});

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

const blogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'blog',
  // The feed arrives with the page's code, so the articles render at once instead of replacing
  // a spinner (no layout shift).
  ...blog.options,
  component: blog.Screen,
});

const burnsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'burns',
  ...burns.options,
  component: burns.Screen,
});

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
