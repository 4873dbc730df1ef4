import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { blog, type Article } from '@brnd/contracts/api/blog';
import type { ErrorResponse } from '@brnd/contracts/api/errors';
import { englishText } from './messages.ts';

/** The bff's bundled sample feed as it answers `GET /api/blog`: parsed, sanitised, newest first. */
export const blogArticlesFixture: Article[] = [
  {
    id: 'brnd-loyalty-tokens-vs-points',
    title: 'Why brand loyalty tokens beat points cards',
    creator: 'Marta Kowalska',
    pubDate: '2026-11-09T08:00:00.000Z',
    content:
      "<p>Points cards lock your rewards inside one shop's database. A loyalty token is different: it lives on a public Ethereum chain, so the customer really holds it.</p><h2>What changes for customers</h2><ul><li>Tokens can be transferred to a friend.</li><li>They can be exchanged or redeemed with the brand.</li><li>Nothing expires because a database was migrated.</li></ul><p>For brands, the token is a marketing budget that customers can see and value.</p>",
    link: 'https://brnd.example/blog/loyalty-tokens-vs-points',
  },
  {
    id: 'brnd-token-sale-tiers',
    title: 'How the tiers of the BRND sale work',
    creator: 'Piotr Nowak',
    pubDate: '2026-11-04T11:30:00.000Z',
    content:
      '<p>The BRND sale runs in five tiers of 80,000,000 BRND each. The price rises from 0.0015 USD in the first tier to 0.0035 USD in the last, so early supporters are rewarded.</p><p>You can pay in <strong>BTC</strong>, <strong>ETH</strong> or by card in PLN. Every purchase is credited only once the payment is confirmed.</p>',
    link: 'https://brnd.example/blog/token-sale-tiers',
  },
  {
    id: 'brnd-monthly-voting',
    title: 'Voting for the most wanted brand of the month',
    creator: 'Anna Wiśniewska',
    pubDate: '2026-10-30T14:00:00.000Z',
    content:
      '<p>Every registered user can cast 10 votes in each 24-hour window, one per brand. At the end of the calendar month the brand with the most votes wins 1,000,000 BRND and a free lifetime premium subscription.</p><blockquote>Voting is how our community tells brands what it wants.</blockquote>',
    link: 'https://brnd.example/blog/monthly-voting',
  },
  {
    id: 'brnd-quarterly-buyback',
    title: 'Quarterly buyback: where subscription profit goes',
    creator: 'Tomasz Zieliński',
    pubDate: '2026-10-26T09:00:00.000Z',
    content:
      '<p>Each quarter up to 20% of the profit from brand subscriptions is used to buy BRND back on the market. The bought tokens are burned, which reduces the supply for good.</p><p>We publish the transaction of every buyback so anyone can check it on the chain.</p>',
    link: 'https://brnd.example/blog/quarterly-buyback',
  },
  {
    id: 'brnd-staking-premium',
    title: 'Staking 1,000,000 BRND for a free premium plan',
    creator: 'Katarzyna Lewandowska',
    pubDate: '2026-10-22T09:45:00.000Z',
    content:
      '<p>Brands that stake 1,000,000 BRND get the premium subscription at no monthly cost. The stake stays theirs and can be released when they leave the plan.</p><h3>Who should stake</h3><p>Growing brands that issue tokens every week will save the most.</p>',
    link: 'https://brnd.example/blog/staking-premium',
  },
  {
    id: 'brnd-referral-rewards',
    title: 'Referrals: 10 BRND for a friend, 100 BRND for a brand',
    creator: 'Marta Kowalska',
    pubDate: '2026-10-19T06:15:00.000Z',
    content:
      '<p>Share your personal referral link. For every user who joins you earn 10 BRND, and for every brand that signs up through your link you earn 100 BRND.</p><p>Your dashboard shows every referral and its reward.</p>',
    link: 'https://brnd.example/blog/referral-rewards',
  },
  {
    id: 'brnd-first-token',
    title: 'How a brand issues its first token',
    creator: 'Jakub Wójcik',
    pubDate: '2026-10-14T12:00:00.000Z',
    content:
      "<p>After verification, a brand chooses a name, a symbol and a supply for its ERC20 token. BRND deploys the contract and the brand can start rewarding customers the same day.</p><ol><li>Verify the trademark and the company.</li><li>Choose the token's name and supply.</li><li>Send the first rewards.</li></ol>",
    link: 'https://brnd.example/blog/first-token',
  },
  {
    id: 'brnd-account-safety',
    title: 'Keeping your account safe',
    creator: 'Piotr Nowak',
    pubDate: '2026-10-09T14:20:00.000Z',
    content:
      '<p>Your BRND account is protected by a strong password and a verified phone number. We never ask for your password by e-mail.</p><p>If you think someone knows your password, change it in your profile: every other session is logged out at once.</p>',
    link: 'https://brnd.example/blog/account-safety',
  },
  {
    id: 'brnd-token-value',
    title: 'What makes a brand token valuable',
    creator: 'Anna Wiśniewska',
    pubDate: '2026-10-05T07:30:00.000Z',
    content:
      '<p>A token is worth what customers can do with it. Discounts, early access to products and exclusive events give a token real use.</p><p>Brands that explain clearly what their token unlocks see it traded and held far longer.</p>',
    link: 'https://brnd.example/blog/token-value',
  },
  {
    id: 'brnd-beta-launch',
    title: 'BRND is live in beta',
    creator: 'Zespół BRND',
    pubDate: '2026-10-01T10:00:00.000Z',
    content:
      '<p>Today we open BRND to everyone in beta. Register, verify your phone and take part in the token sale and the first monthly vote.</p><p>Read more about the project on <a href="https://brnd.example/company" rel="noopener noreferrer nofollow">our company page</a>.</p>',
    link: 'https://brnd.example/blog/beta-launch',
  },
];

const blogPath = `*${blog.path}`;

/** `GET /api/blog` answering with the given articles. */
export function blogHandlersFor(articles: Article[]): HttpHandler[] {
  return [http.get(blogPath, () => HttpResponse.json({ articles }))];
}

/** The articles never arrive, for loading states. */
export const blogLoadingHandlers: HttpHandler[] = [
  http.get(blogPath, async () => {
    await delay('infinite');
    return HttpResponse.json({ articles: blogArticlesFixture });
  }),
];

/** The feed never loaded on the server: the bff's 502. */
export const blogFailingHandlers: HttpHandler[] = [
  http.get(blogPath, () => {
    const body: ErrorResponse = {
      message: englishText('blog.feedError'),
      messageId: 'blog.feedError',
    };
    return HttpResponse.json(body, { status: 502 });
  }),
];

/** A configured feed with no items. */
export const blogEmptyHandlers = blogHandlersFor([]);
