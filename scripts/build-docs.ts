/**
 * Writes the token sale's whitepaper and one-pager (app/public/docs/*.pdf) from the facts the
 * product itself runs on (contracts/domain), rendered by Chromium: `npm run build:docs`.
 * The PDFs are committed, so building the site needs no browser; run this again when a figure
 * in contracts/domain changes.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  CONTEST_PRIZE_BRND,
  CARD_MIN_PLN,
  ORDER_EXPIRY_MS,
  PLN_PER_USD,
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  REFERRAL_SALE_SHARE,
  TOKEN_PRICE_USD,
  VOTES_PER_BRAND_PER_WINDOW,
  VOTES_PER_WINDOW,
  VOTE_WINDOW_HOURS,
} from '@brnd/contracts/domain/constants';
import {
  OEM_APP_STAKE_BRND,
  PLANS,
  PLAN_IDS,
  PREMIUM_STAKE_BRND,
  UNLIMITED,
} from '@brnd/contracts/domain/plans';
import {
  SALE_GOAL_USD,
  SALE_STAGE_NAMES,
  SALE_TIERS,
  SALE_TOKENS_OFFERED,
  SALE_TOTAL_SUPPLY_TOKENS,
  tierTotalUsd,
} from '@brnd/contracts/domain/sale';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const OUT_DIR = fileURLToPath(new URL('../app/public/docs/', import.meta.url));

const count = (value: number) => value.toLocaleString('en-US');
const usd = (value: number, digits = 0) =>
  value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const limit = (value: number | typeof UNLIMITED) =>
  value === UNLIMITED ? 'unlimited' : count(value);

const STYLE = `
  @page { size: A4; margin: 18mm 16mm; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1b1631; font-size: 10.5pt; line-height: 1.5; }
  h1 { color: #4a2fbf; font-size: 24pt; margin: 0 0 4pt; }
  h2 { color: #4a2fbf; font-size: 14pt; margin: 18pt 0 6pt; border-bottom: 1px solid #dcd8ea; padding-bottom: 3pt; }
  .lead { font-size: 12pt; color: #595471; }
  table { border-collapse: collapse; width: 100%; margin: 6pt 0; }
  th, td { border: 1px solid #dcd8ea; padding: 4pt 6pt; text-align: left; }
  th { background: #eeeafd; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  .facts { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8pt; margin: 10pt 0; }
  .fact { background: #eeeafd; border-radius: 8pt; padding: 8pt; }
  .fact b { display: block; font-size: 14pt; color: #4a2fbf; }
  .small { font-size: 8.5pt; color: #595471; }
  .page-break { page-break-before: always; }
`;

function tierTable(): string {
  const rows = SALE_TIERS.map(
    (tier) =>
      `<tr><td>${tier.name}</td><td class="num">${count(tier.tokens)}</td><td class="num">${usd(tier.price, 4)}</td><td class="num">${usd(tierTotalUsd(tier))}</td></tr>`,
  ).join('');
  const total = SALE_TIERS.reduce((sum, tier) => sum + tierTotalUsd(tier), 0);
  return `<table><thead><tr><th>Tier</th><th>BRND</th><th>Price per BRND</th><th>Total</th></tr></thead>
    <tbody>${rows}<tr><th>All tiers</th><th class="num">${count(SALE_TOKENS_OFFERED)}</th><th></th><th class="num">${usd(total)}</th></tr></tbody></table>`;
}

function keyFacts(): string {
  return `<div class="facts">
    <div class="fact"><b>${count(SALE_TOTAL_SUPPLY_TOKENS)}</b>BRND total supply</div>
    <div class="fact"><b>${count(SALE_TOKENS_OFFERED)}</b>BRND offered in the sale</div>
    <div class="fact"><b>${usd(SALE_GOAL_USD)}</b>sale goal</div>
    <div class="fact"><b>${SALE_TIERS.length} tiers</b>${usd(SALE_TIERS[0]?.price ?? 0, 4)} to ${usd(SALE_TIERS.at(-1)?.price ?? 0, 4)}</div>
    <div class="fact"><b>BTC · ETH · card · IEO</b>ways to buy</div>
    <div class="fact"><b>ERC20</b>on Ethereum</div>
  </div>`;
}

function planTable(): string {
  const rows = PLAN_IDS.map((id) => {
    const plan = PLANS[id];
    const cells = (['tokens', 'maxSupply', 'dailyVolume', 'users', 'deals', 'giveaways'] as const)
      .map((key) => `<td class="num">${limit(plan.limits[key])}</td>`)
      .join('');
    return `<tr><td>${id[0]?.toUpperCase()}${id.slice(1)}</td>${cells}</tr>`;
  }).join('');
  return `<table><thead><tr><th>Plan</th><th>Brand tokens</th><th>Supply per token</th><th>Volume per day</th><th>Users</th><th>Deals</th><th>Giveaways</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const whitepaper = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>BRND whitepaper</title><style>${STYLE}</style></head><body>
<h1>BRND whitepaper</h1>
<p class="lead">Loyalty tokens as a service for brands, and the utility token that runs the platform.</p>
${keyFacts()}

<h2>1. The problem</h2>
<p>Loyalty points are locked inside each brand's own programme: customers cannot move them, trade them or see what they are worth, and small brands cannot afford to build a programme at all. Points expire unused and the brand learns little from them.</p>

<h2>2. The platform</h2>
<p>BRND is a token-as-a-service platform for brand loyalty. A brand issues its own loyalty token (an ERC20 token on a public Ethereum chain) and gives it to its customers. Customers hold, transfer, exchange or redeem the tokens. Because the tokens live on a public chain, they keep their value outside the brand's own app.</p>
<p>Three groups use the platform: registered users, who collect tokens; brands (tokenizers), which must hold a registered trademark, have legal personality in the EU and pass verification; and buyers of the BRND token in its sale.</p>
<p>Brands pick a subscription plan:</p>
${planTable()}
<p>Brands that stake at least ${count(PREMIUM_STAKE_BRND)} BRND get the Premium plan free of charge. Enterprise clients who want their own branded (OEM) mobile app stake at least ${count(OEM_APP_STAKE_BRND)} BRND.</p>

<h2>3. The BRND token</h2>
<p>BRND is the platform's utility token, an ERC20 token on Ethereum with a fixed total supply of ${count(SALE_TOTAL_SUPPLY_TOKENS)} BRND. It is used to:</p>
<ul>
  <li>stake for a free Premium subscription or an OEM app (see above);</li>
  <li>reward the community: ${REFERRAL_REWARD_USER_BRND} BRND for every user who registers through a member's referral link, ${REFERRAL_REWARD_BRAND_BRND} BRND for every brand, and ${REFERRAL_SALE_SHARE * 100}% of what referred buyers spend in the token sale, paid in BRND;</li>
  <li>reward the monthly favourite-brand contest: each user has ${VOTES_PER_WINDOW} votes per ${VOTE_WINDOW_HOURS} hours, ${VOTES_PER_BRAND_PER_WINDOW} per brand; the month's winning brand receives ${count(CONTEST_PRIZE_BRND)} BRND and a free lifetime Premium subscription.</li>
</ul>
<p><b>Buyback and burn.</b> Every quarter, up to 20% of subscription profit is used to buy BRND back on the market and burn it, so the supply in circulation shrinks as the platform grows.</p>

<h2 class="page-break">4. The token sale</h2>
<p>${count(SALE_TOKENS_OFFERED)} BRND, ${Math.round((SALE_TOKENS_OFFERED / SALE_TOTAL_SUPPLY_TOKENS) * 100)}% of the supply, are offered in five tiers of rising price. One tier is active at a time; when none is, tokens are priced at ${usd(TOKEN_PRICE_USD, 4)}. The sale aims to raise ${usd(SALE_GOAL_USD)}.</p>
${tierTable()}
<p>The sale runs in stages, in this order: ${SALE_STAGE_NAMES.join(', ')}. The current stage, tier, end date, amount raised and progress towards the goal are shown live on the sale page.</p>

<h2>5. How to buy</h2>
<ul>
  <li><b>Bitcoin or ether.</b> Choose an amount in USD. The order quotes the exact crypto amount and a deposit address that belongs to this order only, shown with a QR code and an "open your wallet" link. The quote holds for ${ORDER_EXPIRY_MS / 60_000} minutes. Tokens are credited once the payment is confirmed on the chain. A partial payment keeps the order open for the rest; money that arrives after the quote expired is recorded and refunded, never credited at an old price.</li>
  <li><b>Card (Visa, Mastercard, Google Pay) in PLN</b>, through a licensed cash-exchange partner, at ${PLN_PER_USD} PLN per USD, from ${CARD_MIN_PLN} PLN. Tokens are credited when the partner confirms the payment.</li>
  <li><b>On an exchange (IEO).</b> The sale page links to the BRND market.</li>
</ul>
<p>Every credit is recorded once in the platform's ledger; tokens can be paid out to the buyer's own Ethereum wallet from the dashboard.</p>

<h2>6. Who can take part</h2>
<p>Buyers confirm that they are not citizens or residents of the United States. Buyers need a verified account (e-mail and phone number).</p>

<p class="small">This document describes the BRND token and its sale. It is not an offer of securities or investment advice. Token prices can fall as well as rise; buy only what you can afford to lose.</p>
</body></html>`;

const onePager = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>BRND one-pager</title><style>${STYLE}</style></head><body>
<h1>BRND</h1>
<p class="lead">Loyalty tokens for brands: brands issue ERC20 loyalty tokens, customers hold, trade and redeem them. BRND is the token that runs the platform.</p>
${keyFacts()}
<h2>Token sale</h2>
${tierTable()}
<p>Stages: ${SALE_STAGE_NAMES.join(' → ')}. Buy with bitcoin, ether, a card in PLN (from ${CARD_MIN_PLN} PLN), or on the exchange (IEO).</p>
<h2>Why hold BRND</h2>
<ul>
  <li>Stake ${count(PREMIUM_STAKE_BRND)} BRND: free Premium subscription for your brand, or your own OEM app.</li>
  <li>Buyback and burn: up to 20% of subscription profit every quarter.</li>
  <li>Referrals: ${REFERRAL_REWARD_USER_BRND} BRND per user, ${REFERRAL_REWARD_BRAND_BRND} BRND per brand, ${REFERRAL_SALE_SHARE * 100}% of referred sale spend.</li>
  <li>Monthly favourite-brand contest: ${count(CONTEST_PRIZE_BRND)} BRND and lifetime Premium for the winner.</li>
</ul>
<p class="small">Not an offer of securities or investment advice. Not available to US citizens or residents.</p>
</body></html>`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  await mkdir(OUT_DIR, { recursive: true });
  for (const [name, html] of [
    ['brnd-whitepaper.pdf', whitepaper],
    ['brnd-one-pager.pdf', onePager],
  ] as const) {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    await page.pdf({ path: `${OUT_DIR}${name}`, format: 'A4', printBackground: true });
    await page.close();
    console.log(`wrote app/public/docs/${name}`);
  }
} finally {
  await browser.close();
}
