/** Pages anyone can read: the site, the contest, the token sale's public pages and the burns. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { blogQueryOptions } from '@brnd/ui/screens/Blog/blog-queries';
import { HomeScreen } from '@brnd/ui/screens/Home/HomeScreen';
import { ServerErrorScreen } from '@brnd/ui/screens/ServerError/ServerErrorScreen';
import { withMessages } from '@brnd/ui/i18n';
import { BuySuccessSearchSchema, CodeSearchSchema } from '../search.ts';
import {
  lazyScreen,
  ACCOUNT_NAMESPACES,
  SALE_NAMESPACES,
  ICO_NAMESPACES,
  VOTING_NAMESPACES,
  BRAND_FORM_NAMESPACES,
  rootRoute,
} from './root.tsx';

const BurnsScreen = lazyScreen(
  withMessages(['burns'], () =>
    import('@brnd/ui/screens/Burns/BurnsScreen').then((module) => module.BurnsScreen),
  ),
);

const BuySuccessScreen = lazyScreen(
  withMessages(SALE_NAMESPACES, () =>
    import('@brnd/ui/screens/BuySuccess/BuySuccessScreen').then(
      (module) => module.BuySuccessScreen,
    ),
  ),
);

const ContactSuccessScreen = lazyScreen(
  withMessages(ACCOUNT_NAMESPACES, () =>
    import('@brnd/ui/screens/ContactSuccess/ContactSuccessScreen').then(
      (module) => module.ContactSuccessScreen,
    ),
  ),
);

const IcoScreen = lazyScreen(
  withMessages(ICO_NAMESPACES, () =>
    import('@brnd/ui/screens/Ico/IcoScreen').then((module) => module.IcoScreen),
  ),
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

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: 'home' },
  component: HomeScreen,
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
  validateSearch: BuySuccessSearchSchema,
  component: function BuySuccessPage() {
    const search = buySuccessRoute.useSearch();
    return <BuySuccessScreen tokens={search.tokens} status={search.status} />;
  },
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

const burnsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'burns',
  staticData: { title: 'burns' },
  component: BurnsScreen,
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
