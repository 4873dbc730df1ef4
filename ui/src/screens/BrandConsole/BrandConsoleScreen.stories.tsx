import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  brandConsole,
  endOffer,
  issueBrandToken,
  stakingStatus,
  type BrandToken,
} from '@brnd/contracts/api/brand-tokens';
import type { EndpointResponse } from '@brnd/contracts/api/endpoint';
import {
  BRAND_TOKEN_CHART_DAYS,
  BULK_GIVE_CSV_TEMPLATE,
  BULK_GIVE_CSV_TEMPLATE_NAME,
} from '@brnd/contracts/domain/brand-tokens';
import {
  PLAN_LIMITS,
  PLANS,
  UNLIMITED,
  type PlanId,
  type PlanLimit,
} from '@brnd/contracts/domain/plans';
import { fake } from '@brnd/mocks/handlers';
import { brandTokenSetup } from '@brnd/mocks/brand-tokens';
import { declaredError, pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { DEMO_EMAIL } from '@brnd/mocks/seed';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError, expectToast } from '../shared/story-helpers.ts';
import { BrandConsoleScreen, type ConsoleSection } from './BrandConsoleScreen.tsx';

/** The demo user's own brand (Vistula Runners, verified in the seed). */
function demoBrandId(): number {
  const user = fake.userByEmail(DEMO_EMAIL);
  const brand = user && fake.myBrands(user).brands.rows[0];
  if (!brand) throw new Error('The demo user owns no brand in the mocks');
  return brand.id;
}

function issueDemoToken(): BrandToken {
  return brandTokenSetup.issue(fake, demoBrandId(), { name: 'Vistula Miles', ticker: 'VMILE' });
}

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TOKEN: BrandToken = {
  id: '6f1c1b7e-52a4-4c43-9a7e-0d4f3c1e2b10',
  brand_id: 7,
  brand_name: 'Vistula Runners',
  name: 'Vistula Miles',
  ticker: 'VMILE',
  cap: 1_000_000,
  address: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
  status: 'active',
  request_id: '0d9b6a4e-8f3c-4b71-9a2e-5c1f7d3e8b60',
  created_at: '2026-10-01T10:00:00.000Z',
};

/** Thirty days ending today, busier towards the end. */
function daily() {
  return Array.from({ length: BRAND_TOKEN_CHART_DAYS }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 25 + index)).toISOString().slice(0, 10);
    return {
      day,
      given: 100 + index * 40,
      redeemed: index * 5,
      transferred: index % 4 === 0 ? 60 : 10,
    };
  });
}

function consoleData(
  plan: PlanId,
  used: Partial<Record<(typeof PLAN_LIMITS)[number], number>>,
  overrides: Partial<EndpointResponse<typeof brandConsole>> = {},
): EndpointResponse<typeof brandConsole> {
  return {
    brand: { id: 7, name: 'Vistula Runners', verification_status: 'verified' },
    plan: {
      plan,
      source: 'subscription',
      usage: PLAN_LIMITS.map((limit) => {
        const max = PLANS[plan].limits[limit];
        return { limit, used: used[limit] ?? 0, max: max === UNLIMITED ? null : max };
      }),
    },
    tokens: [TOKEN],
    stats: [{ token_id: TOKEN.id, holders: 1284, issued: 48_250, redeemed: 3_120, daily: daily() }],
    offers: [],
    ...overrides,
  };
}

const meta = {
  title: 'Screens/BrandConsole/Screen',
  component: BrandConsoleScreen,
  parameters: { session: 'demo' },
  args: { brandId: 7, section: 'overview' },
} satisfies Meta<typeof BrandConsoleScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stories on the mocks' own state render the demo brand, whose id the fake decides. */
const onDemoBrand = (section: ConsoleSection = 'overview') => ({
  render: () => <BrandConsoleScreen brandId={demoBrandId()} section={section} />,
});

/** Submits the issue form: the factory deploys VMILE, and the console reads it until active. */
async function submitAndSeeDeployed(
  canvas: StoryContext['canvas'],
  t: ReturnType<typeof storyIntl>,
  userEvent: StoryContext['userEvent'],
  form: HTMLElement,
) {
  await userEvent.click(
    within(form).getByRole('button', { name: t.exact('brandTokens.issue.submit') }),
  );
  await expectToast(t, 'success', t('brandTokens.issue.deploying', { ticker: 'VMILE' }));
  const card = await canvas.findByRole('region', { name: 'Vistula Miles (VMILE)' });
  await expect(
    await within(card).findByText(t('brandTokens.token.status.active'), { exact: false }),
  ).toBeVisible();
}

/** The demo brand's console on `section`, with its token already issued. */
const onDemoToken = (section?: ConsoleSection) => ({
  ...onDemoBrand(section),
  beforeEach: () => {
    issueDemoToken();
  },
});

/* ---------------------------------------------------------------- overview */

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(brandConsole)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.console.loading'))).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(brandConsole)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await expect(
      canvas.getByRole('button', { name: t.exact('brandTokens.console.retry') }),
    ).toBeVisible();
  },
};

/** A verified brand without a token: its plan and the form that issues one, then the token. */
export const NoTokenYet: Story = {
  ...onDemoBrand(),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const form = await canvas.findByRole('region', { name: t.exact('brandTokens.issue.title') });
    const field = (id: string) => within(form).getByLabelText(t(id), { selector: 'input' });
    await expect(field('brandTokens.issue.cap')).toHaveValue('1000000');
    await userEvent.type(field('brandTokens.issue.name'), 'Vistula Miles');
    await userEvent.type(field('brandTokens.issue.ticker'), 'vmile');
    await userEvent.clear(field('brandTokens.issue.cap'));
    await userEvent.type(field('brandTokens.issue.cap'), '2000000');
    await userEvent.click(
      within(form).getByRole('button', { name: t.exact('brandTokens.issue.submit') }),
    );
    // Standard allows a supply of 1,000,000: the refusal names the limit and Premium.
    await expect(await within(form).findByRole('alert')).toHaveTextContent(
      t('brandTokens.plans.premium'),
    );
    await userEvent.clear(field('brandTokens.issue.cap'));
    await userEvent.type(field('brandTokens.issue.cap'), '500000');
    await submitAndSeeDeployed(canvas, t, userEvent, form);
  },
};

/** The request is on its way: the button is busy and cannot be pressed twice. */
export const Issuing: Story = {
  ...onDemoBrand(),
  parameters: { msw: { handlers: [pending(issueBrandToken)] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const form = await canvas.findByRole('region', { name: t.exact('brandTokens.issue.title') });
    const field = (id: string) => within(form).getByLabelText(t(id), { selector: 'input' });
    await userEvent.type(field('brandTokens.issue.name'), 'Vistula Miles');
    await userEvent.type(field('brandTokens.issue.ticker'), 'VMILE');
    const submit = within(form).getByRole('button', { name: t.exact('brandTokens.issue.submit') });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    await expect(submit).toBeDisabled();
  },
};

/** Wrong input never reaches the server: each field says what it needs. */
export const IssueInvalid: Story = {
  ...onDemoBrand(),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const form = await canvas.findByRole('region', { name: t.exact('brandTokens.issue.title') });
    const ticker = within(form).getByLabelText(t('brandTokens.issue.ticker'), {
      selector: 'input',
    });
    await userEvent.type(ticker, 'X');
    await userEvent.click(
      within(form).getByRole('button', { name: t.exact('brandTokens.issue.submit') }),
    );
    await expectFieldError(canvas, t('brandTokens.issue.name'), t('brandTokens.errors.tokenName'));
    await expectFieldError(canvas, t('brandTokens.issue.ticker'), t('validation.tokenTicker'));
  },
};

/**
 * The factory's deployment failed: the owner reads it and issues it again, which deploys that
 * token (its own request sent again), not a second one.
 */
export const IssueFailed: Story = {
  ...onDemoBrand(),
  beforeEach: () => {
    brandTokenSetup.issue(fake, demoBrandId(), {
      name: 'Vistula Miles',
      ticker: 'VMILE',
      failed: true,
    });
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const failed = await canvas.findByRole('region', { name: 'Vistula Miles (VMILE)' });
    await expect(within(failed).getByRole('alert')).toHaveTextContent(
      t('brandTokens.issue.failed', { ticker: 'VMILE' }),
    );
    await userEvent.click(
      within(failed).getByRole('button', { name: t.exact('brandTokens.issue.submit') }),
    );
    const form = await canvas.findByRole('region', { name: t.exact('brandTokens.issue.title') });
    await expect(
      within(form).getByLabelText(t('brandTokens.issue.ticker'), { selector: 'input' }),
    ).toHaveValue('VMILE');
    await submitAndSeeDeployed(canvas, t, userEvent, form);
    await expect(canvas.getAllByRole('region', { name: 'Vistula Miles (VMILE)' })).toHaveLength(1);
    await expect(
      canvas.queryByText(t('brandTokens.issue.failed', { ticker: 'VMILE' })),
    ).not.toBeInTheDocument();
  },
};

/** A brand still in the operators' queue says why it cannot issue, and shows no form. */
export const NotVerified: Story = {
  ...onDemoBrand(),
  beforeEach: () => fake.setBrandVerification(demoBrandId(), 'pending'),
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.verification.pending'))).toBeVisible();
    await expect(
      canvas.queryByRole('region', { name: t.exact('brandTokens.issue.title') }),
    ).not.toBeInTheDocument();
  },
};

/**
 * A brand whose verification an operator revoked stops working like an unverified one: it says
 * why, points to the contact page, and shows no form.
 */
export const VerificationRevoked: Story = {
  ...onDemoBrand(),
  beforeEach: () => fake.setBrandVerification(demoBrandId(), 'revoked'),
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.verification.revoked'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('brandTokens.verification.contact') }),
    ).toHaveAttribute('href', '/contact');
    await expect(
      canvas.queryByRole('region', { name: t.exact('brandTokens.issue.title') }),
    ).not.toBeInTheDocument();
  },
};

/** The token at a glance: figures, plan usage and the chart with its table. */
export const TokenActive: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(
          brandConsole,
          consoleData('standard', { tokens: 1, dailyVolume: 1260, maxSupply: 48_250 }),
        ),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const card = await canvas.findByRole('region', { name: 'Vistula Miles (VMILE)' });
    await expect(
      within(card).getByText(t('brandTokens.stats.holders')).nextSibling,
    ).toHaveTextContent(/1[\s,.\u00a0]?284/);
    const chart = within(card).getByRole('img');
    await expect(chart).toHaveAccessibleName(
      expect.stringContaining(String(BRAND_TOKEN_CHART_DAYS)),
    );
    await userEvent.click(
      within(card).getByRole('button', { name: t.exact('brandTokens.chart.showTable') }),
    );
    const table = within(card).getByRole('table', {
      name: t.exact('brandTokens.chart.tableCaption', { days: BRAND_TOKEN_CHART_DAYS }),
    });
    await expect(within(table).getAllByRole('row')).toHaveLength(BRAND_TOKEN_CHART_DAYS + 1);
  },
};

/** A token nothing has moved yet: the chart says so instead of drawing an empty frame. */
export const ChartWithoutActivity: Story = {
  ...onDemoToken(),
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByText(t('brandTokens.chart.empty', { days: BRAND_TOKEN_CHART_DAYS })),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: t.exact('brandTokens.chart.showTable') }),
    ).toBeNull();
  },
};

/**
 * Each limit at its maximum says so, as a note (being at a limit is no error), and names the plan
 * that lifts it.
 */
function limitStory(plan: PlanId, reached: [PlanLimit, number, PlanId][]): Story {
  const used = Object.fromEntries(reached.map(([limit, max]) => [limit, max]));
  return {
    parameters: { msw: { handlers: [respondWith(brandConsole, consoleData(plan, used))] } },
    play: async ({ canvas, globals }) => {
      const t = storyIntl(globals);
      const planName = t(`brandTokens.plans.${plan}`);
      const card = await canvas.findByRole('region', {
        name: t.exact('brandTokens.plan.name', { plan: planName }),
      });
      const notes = await within(card).findAllByRole('status');
      await expect(notes.map((note) => note.textContent)).toEqual(
        reached.map(([limit, max, upgrade]) =>
          t.exact('brandTokens.plan.atLimit', {
            limit,
            plan: planName,
            upgrade: t(`brandTokens.plans.${upgrade}`),
            max,
          }),
        ),
      );
    },
  };
}

/** Standard: one token and 10,000 given today; Premium lifts the daily volume. */
export const LimitsReachedStandard = limitStory('standard', [
  ['tokens', 1, 'enterprise'],
  ['dailyVolume', 10_000, 'premium'],
]);

/** Premium: 20 offers running; Enterprise lifts the deals limit (and the single token). */
export const LimitsReachedPremium = limitStory('premium', [
  ['tokens', 1, 'enterprise'],
  ['deals', 20, 'enterprise'],
]);

/** Enterprise: ten tokens issued; Agency has no limit on tokens. */
export const LimitsReachedEnterprise = limitStory('enterprise', [['tokens', 10, 'agency']]);

/* ---------------------------------------------------------------- give */

/** By e-mail the tokens are held for the customer, who is told by e-mail. */
export const GiveByEmail: Story = {
  ...onDemoToken('give'),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const form = await canvas.findByRole('region', { name: t.exact('brandTokens.give.title') });
    await userEvent.type(
      within(form).getByLabelText(t('brandTokens.give.recipient'), { selector: 'input' }),
      'ola@example.com',
    );
    await userEvent.type(
      within(form).getByLabelText(t('brandTokens.give.amount'), { selector: 'input' }),
      '100',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: t.exact('brandTokens.give.submit') }),
    );
    await expectToast(
      t,
      'success',
      t('brandTokens.give.givenLedger', {
        amount: 100,
        ticker: 'VMILE',
        recipient: 'ola@example.com',
      }),
    );
    await expect(fake.outbox()[0]).toMatchObject({ to: 'ola@example.com' });
  },
};

/** Standard's 10,000 a day are given already: one more token is refused, naming the plans. */
export const GiveOverDailyVolume: Story = {
  ...onDemoBrand('give'),
  beforeEach: () => {
    const token = issueDemoToken();
    brandTokenSetup.give(fake, token.id, 'crowd@example.com', 10_000);
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const form = await canvas.findByRole('region', { name: t.exact('brandTokens.give.title') });
    await userEvent.type(
      within(form).getByLabelText(t('brandTokens.give.recipient'), { selector: 'input' }),
      'ola@example.com',
    );
    await userEvent.type(
      within(form).getByLabelText(t('brandTokens.give.amount'), { selector: 'input' }),
      '1',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: t.exact('brandTokens.give.submit') }),
    );
    const alert = await within(form).findByRole('alert');
    await expect(alert).toHaveTextContent(
      t('brandTokens.errors.planLimit', {
        limit: 'dailyVolume',
        plan: t('brandTokens.plans.standard'),
        upgrade: t('brandTokens.plans.premium'),
        max: Number(PLANS.standard.limits.dailyVolume),
      }),
    );
  },
};

const GOOD_CSV =
  'recipient,amount\nola@example.com,100\n0x5FbDB2315678afecb367f032d93F642f64180aa3,50\njan@example.com,25\n';
const BAD_CSV = 'recipient,amount\nola@example.com,100\nnot-an-address,50\njan@example.com,0\n';

async function chooseCsv(
  canvas: StoryContext['canvas'],
  userEvent: StoryContext['userEvent'],
  t: ReturnType<typeof storyIntl>,
  text: string,
) {
  const card = await canvas.findByRole('region', { name: t.exact('brandTokens.bulk.title') });
  await userEvent.upload(
    within(card).getByLabelText(new RegExp(t('brandTokens.bulk.choose'))),
    new File([text], 'customers.csv', { type: 'text/csv' }),
  );
  await userEvent.click(
    within(card).getByRole('button', { name: t.exact('brandTokens.bulk.check') }),
  );
  return card;
}

/** Checking a file moves nothing: it shows the lines it read and the total. */
export const CsvPreview: Story = {
  ...onDemoToken('give'),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const card = await chooseCsv(canvas, userEvent, t, GOOD_CSV);
    const preview = await within(card).findByRole('region', {
      name: t.exact('brandTokens.bulk.previewTitle'),
    });
    await expect(within(preview).getAllByRole('row')).toHaveLength(4);
    await expect(within(preview).getByText('ola@example.com')).toBeVisible();
    await expect(
      within(preview).getByRole('button', { name: t.exact('brandTokens.bulk.apply', { rows: 3 }) }),
    ).toBeEnabled();
  },
};

/** The offered template downloads under its name and, uploaded as it is, reads as two lines. */
export const CsvTemplate: Story = {
  ...onDemoToken('give'),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const card = await canvas.findByRole('region', { name: t.exact('brandTokens.bulk.title') });
    const link = within(card).getByRole('link', { name: t.exact('brandTokens.bulk.template') });
    await expect(link).toHaveAttribute('download', BULK_GIVE_CSV_TEMPLATE_NAME);
    const template = await (await fetch(link.getAttribute('href')!)).text();
    await expect(template).toBe(BULK_GIVE_CSV_TEMPLATE);
    await chooseCsv(canvas, userEvent, t, template);
    const preview = await within(card).findByRole('region', {
      name: t.exact('brandTokens.bulk.previewTitle'),
    });
    await expect(within(preview).getAllByRole('row')).toHaveLength(3);
  },
};

/** A wrong line is named with its number, and nothing can be applied. */
export const CsvErrors: Story = {
  ...onDemoToken('give'),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const card = await chooseCsv(canvas, userEvent, t, BAD_CSV);
    const alert = await within(card).findByRole('alert');
    await expect(alert).toHaveTextContent(t('brandTokens.bulk.errorsTitle', { count: 2 }));
    await expect(alert).toHaveTextContent(
      t('brandTokens.bulk.errorLine', { line: 3, message: t('brandTokens.errors.recipient') }),
    );
    await expect(alert).toHaveTextContent(
      t('brandTokens.bulk.errorLine', { line: 4, message: t('brandTokens.errors.amount') }),
    );
    await expect(
      within(card).queryByRole('button', { name: t.exact('brandTokens.bulk.apply', { rows: 1 }) }),
    ).toBeNull();
  },
};

export const CsvApplied: Story = {
  ...onDemoToken('give'),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const card = await chooseCsv(canvas, userEvent, t, GOOD_CSV);
    await userEvent.click(
      await within(card).findByRole('button', {
        name: t.exact('brandTokens.bulk.apply', { rows: 3 }),
      }),
    );
    const applied = t('brandTokens.bulk.applied', { rows: 3, total: 175, ticker: 'VMILE' });
    await expectToast(t, 'success', applied);
    await expect(within(card).getByRole('status')).toHaveTextContent(applied);
  },
};

/* ---------------------------------------------------------------- offers and codes */

export const OfferCreated: Story = {
  ...onDemoToken('offers'),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.offers.empty'))).toBeVisible();
    const form = canvas.getByRole('region', { name: t.exact('brandTokens.offers.createTitle') });
    await userEvent.type(
      within(form).getByLabelText(t('brandTokens.offers.offerTitle'), { selector: 'input' }),
      'Free race entry',
    );
    await userEvent.type(
      within(form).getByLabelText(t('brandTokens.offers.price', { ticker: 'VMILE' }), {
        selector: 'input',
      }),
      '40',
    );
    await userEvent.click(
      within(form).getByRole('button', { name: t.exact('brandTokens.offers.create') }),
    );
    await expectToast(t, 'success', t('brandTokens.offers.created', { title: 'Free race entry' }));
    const offers = canvas.getByRole('region', { name: t.exact('brandTokens.offers.title') });
    await expect(
      await within(offers).findByRole('rowheader', { name: 'Free race entry' }),
    ).toBeVisible();
  },
};

/** A brand with one active offer, on its offers tab. */
const withAnOffer = {
  ...onDemoBrand('offers'),
  beforeEach: () => {
    const token = issueDemoToken();
    brandTokenSetup.offer(fake, token.id, { title: 'Free race entry', price: 40 });
  },
};

/** Presses the offer's End offer; answers its row, the button and the confirmation it opened. */
async function askToEnd({ canvas, globals, userEvent }: StoryContext) {
  const t = storyIntl(globals);
  const offers = await canvas.findByRole('region', { name: t.exact('brandTokens.offers.title') });
  const row = (await within(offers).findByRole('rowheader', { name: 'Free race entry' }))
    .parentElement!;
  await expect(within(row).getByText(t('brandTokens.offers.active'))).toBeVisible();
  const button = within(row).getByRole('button', {
    name: t.exact('brandTokens.offers.endLabel', { title: 'Free race entry' }),
  });
  await userEvent.click(button);
  const dialog = await within(document.body).findByRole('dialog', {
    name: t.exact('brandTokens.offers.endTitle', { title: 'Free race entry' }),
  });
  await expect(within(dialog).getByText(t('brandTokens.offers.endText'))).toBeVisible();
  return { row, button, dialog };
}

/** Ends the offer as the brand does (its button, then the confirmation); answers its row. */
async function endTheOffer(context: StoryContext): Promise<HTMLElement> {
  const t = storyIntl(context.globals);
  const { row, dialog } = await askToEnd(context);
  await context.userEvent.click(
    within(dialog).getByRole('button', { name: t.exact('brandTokens.offers.end') }),
  );
  await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  return row;
}

/** Ending an offer asks first (it cannot be taken back), then the offer reads as ended. */
export const OfferEnded: Story = {
  ...withAnOffer,
  play: async (context) => {
    const t = storyIntl(context.globals);
    const row = await endTheOffer(context);
    await expectToast(
      t,
      'success',
      t('brandTokens.offers.endedToast', { title: 'Free race entry' }),
    );
    await expect(await within(row).findByText(t('brandTokens.offers.ended'))).toBeVisible();
    await expect(within(row).queryByRole('button')).toBeNull();
  },
};

/** The brand's verification was revoked meanwhile: the refusal says so, the offer stays. */
export const OfferEndRefused: Story = {
  ...withAnOffer,
  parameters: { msw: { handlers: [declaredError(endOffer, 'notVerified')] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const row = await endTheOffer(context);
    const offers = context.canvas.getByRole('region', {
      name: t.exact('brandTokens.offers.title'),
    });
    await expect(await within(offers).findByRole('alert')).toHaveTextContent(
      t('brandTokens.errors.notVerified'),
    );
    await expect(within(row).getByText(t('brandTokens.offers.active'))).toBeVisible();
  },
};

/** Cancel at the confirmation: the offer stays active, the focus back on its button. */
export const OfferEndCancelled: Story = {
  ...withAnOffer,
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { row, button, dialog } = await askToEnd(context);
    await context.userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('common.confirm.cancel') }),
    );
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    await expect(within(row).getByText(t('brandTokens.offers.active'))).toBeVisible();
  },
};

const CODE = 'K7M2QX9PZD';

function codeStory(
  used: boolean | undefined,
  code: string,
  expected: (t: ReturnType<typeof storyIntl>) => string,
): Story {
  return {
    ...onDemoBrand('offers'),
    beforeEach: () => {
      const token = issueDemoToken();
      brandTokenSetup.give(fake, token.id, DEMO_EMAIL, 100);
      const offer = brandTokenSetup.offer(fake, token.id, { title: 'Free race entry', price: 40 });
      if (used !== undefined)
        brandTokenSetup.redeem(fake, offer.id, DEMO_EMAIL, { used, code: CODE });
    },
    play: async ({ canvas, globals, userEvent }) => {
      const t = storyIntl(globals);
      const card = await canvas.findByRole('region', { name: t.exact('brandTokens.check.title') });
      // Customers read codes out in any case; the form takes them as they come.
      await userEvent.type(
        within(card).getByLabelText(t('brandTokens.check.code'), { selector: 'input' }),
        code.toLowerCase(),
      );
      await userEvent.click(
        within(card).getByRole('button', { name: t.exact('brandTokens.check.submit') }),
      );
      await expect(await within(card).findByText(expected(t), { exact: false })).toBeVisible();
    },
  };
}

export const CodeAccepted = codeStory(false, CODE, (t) =>
  t('brandTokens.check.accepted', { offer: 'Free race entry' }),
);

export const CodeUsed = codeStory(
  true,
  CODE,
  (t) => t('brandTokens.check.used', { offer: 'Free race entry', date: '' }).split(':')[0] ?? '',
);

export const CodeUnknown = codeStory(undefined, 'ABCDEFGHJK', (t) =>
  t('brandTokens.check.unknown'),
);

/* ---------------------------------------------------------------- staking */

function stakingAnswer(overrides: Partial<EndpointResponse<typeof stakingStatus>>) {
  return respondWith(stakingStatus, {
    wallet: ADDRESS,
    chain_id: 31337,
    staking_contract: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    wallet_brnd: 250_000,
    staked: 0,
    unbonding: 0,
    unbonding_until: null,
    unbonding_seconds: 7 * 86_400,
    premium_threshold: 1_000_000,
    premium: false,
    wallet_verified: true,
    premium_from: null,
    ...overrides,
  });
}

/** A saved address but no wallet in this browser: the page says what to install. */
export const StakingNoWallet: Story = {
  ...onDemoBrand('staking'),
  parameters: { msw: { handlers: [stakingAnswer({})] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.staking.noWallet'))).toBeVisible();
    await expect(
      canvas.getByText(t('brandTokens.staking.unbondingTime', { days: 7 })),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: t.exact('brandTokens.staking.stake') }),
    ).toBeNull();
  },
};

/** No address saved yet: staking starts on the Wallet tab. */
export const StakingNoAddress: Story = {
  ...onDemoBrand('staking'),
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByText(t('brandTokens.staking.noWalletSaved'), { exact: false }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('brandTokens.staking.walletTab') }),
    ).toHaveAttribute('href', '/user/wallet');
  },
};

export const Staked: Story = {
  ...onDemoBrand('staking'),
  parameters: { msw: { handlers: [stakingAnswer({ staked: 1_200_000, premium: true })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.staking.premium'))).toBeVisible();
  },
};

/** A fresh stake: enough BRND, but it counts for Premium only after the minimum age. */
export const StakeMaturing: Story = {
  ...onDemoBrand('staking'),
  parameters: {
    msw: {
      handlers: [
        stakingAnswer({
          staked: 1_200_000,
          premium: true,
          premium_from: '2026-11-27T10:15:00.000Z',
        }),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(/2026/)).toBeVisible();
    await expect(canvas.queryByText(t('brandTokens.staking.premium'))).toBeNull();
  },
};

/** An address saved before proofs were required: its stake counts for no brand. */
export const StakeWalletUnproven: Story = {
  ...onDemoBrand('staking'),
  parameters: {
    msw: {
      handlers: [stakingAnswer({ staked: 1_200_000, premium: true, wallet_verified: false })],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.staking.walletUnproven'))).toBeVisible();
  },
};

export const Unbonding: Story = {
  ...onDemoBrand('staking'),
  parameters: {
    msw: {
      handlers: [
        stakingAnswer({
          staked: 400_000,
          unbonding: 800_000,
          unbonding_until: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        }),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    // Polish groups thousands with a narrow no-break space: compare the digits.
    const note = await canvas.findByText(/600/, { selector: '[role="status"] *' });
    await expect(note.textContent?.replace(/\D/g, '')).toBe('600000');
    await expect(canvas.getByText(/800/, { selector: 'p' })).toBeVisible();
    // Nothing has unbonded yet: withdrawing waits for the date.
    await expect(
      canvas.queryByText(t('brandTokens.staking.unbondingReady', { amount: 800_000 })),
    ).toBeNull();
  },
};

/** The transactions the bff prepares, sent one by one through the browser's wallet. */
const sentTransactions: unknown[] = [];

export const StakeThroughWallet: Story = {
  ...onDemoBrand('staking'),
  parameters: { msw: { handlers: [stakingAnswer({})] } },
  beforeEach: () => {
    sentTransactions.length = 0;
    fake.setProvenWallet(DEMO_EMAIL, ADDRESS);
    // The BRND the status answers (stakingAnswer), on the mocks' "chain" as well.
    brandTokenSetup.stake(fake, ADDRESS, { walletBrnd: 250_000 });
    const wallet = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts') return [ADDRESS.toLowerCase()];
        if (method === 'eth_chainId') return '0x7a69';
        if (method === 'eth_sendTransaction') {
          sentTransactions.push(params?.[0]);
          return `0x${String(sentTransactions.length).padStart(64, '0')}`;
        }
        if (method === 'eth_getTransactionReceipt') return { status: '0x1' };
        throw new Error(`unexpected ${method}`);
      },
    };
    Object.defineProperty(window, 'ethereum', { configurable: true, value: wallet });
    return () => {
      delete (window as { ethereum?: unknown }).ethereum;
    };
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.type(
      await canvas.findByLabelText(t('brandTokens.staking.amount'), { selector: 'input' }),
      '200000',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('brandTokens.staking.stake') }),
    );
    await expectToast(t, 'success', t('brandTokens.staking.sent', { count: 2 }));
    // Approve BRND for the staking contract, then stake.
    await expect(sentTransactions).toEqual([
      expect.objectContaining({ from: ADDRESS, data: expect.stringMatching(/^0x095ea7b3/) }),
      expect.objectContaining({ from: ADDRESS, data: expect.stringMatching(/^0xa694fc3a/) }),
    ]);
  },
};

/**
 * The wallet fails the way ethers does, with a dump of the whole request: the page says what
 * happened in its own words (here: no ETH for the fee), never the dump.
 */
export const StakeFailsInWallet: Story = {
  ...onDemoBrand('staking'),
  parameters: { msw: { handlers: [stakingAnswer({})] } },
  beforeEach: () => {
    fake.setProvenWallet(DEMO_EMAIL, ADDRESS);
    // The BRND the status answers (stakingAnswer), on the mocks' "chain" as well.
    brandTokenSetup.stake(fake, ADDRESS, { walletBrnd: 250_000 });
    const wallet = {
      request: async ({ method }: { method: string }) => {
        if (method === 'eth_requestAccounts') return [ADDRESS.toLowerCase()];
        if (method === 'eth_chainId') return '0x7a69';
        throw Object.assign(
          new Error(
            'insufficient funds for intrinsic transaction cost (transaction="0x02f8b1827a69…", info={ "error": { "code": -32000 } }, code=INSUFFICIENT_FUNDS, version=6.17.0)',
          ),
          { code: -32000 },
        );
      },
    };
    Object.defineProperty(window, 'ethereum', { configurable: true, value: wallet });
    return () => {
      delete (window as { ethereum?: unknown }).ethereum;
    };
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.type(
      await canvas.findByLabelText(t('brandTokens.staking.amount'), { selector: 'input' }),
      '200000',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('brandTokens.staking.stake') }),
    );
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      t('brandTokens.staking.walletFailed', { reason: 'funds' }),
    );
    await expect(alert).not.toHaveTextContent(/INSUFFICIENT_FUNDS|0x02f8/);
  },
};
