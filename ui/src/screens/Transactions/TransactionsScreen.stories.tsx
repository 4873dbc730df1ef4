import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { activity, type ActivityRow } from '@brnd/contracts/api/activity';
import { orders } from '@brnd/contracts/api/orders';
import { route } from '@brnd/mocks/handlers';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { paymentSituationTransactions, sampleTransactions } from './transactions-fixtures.ts';
import { expectFitsPhone, PHONE } from '../shared/story-helpers.ts';
import { TransactionsScreen } from './TransactionsScreen.tsx';

const TWELVE = sampleTransactions(12);

/** No balance movements: the stories about the orders list answer the activity call with this. */
const noActivity = respondWith(activity, { activity: { rows: [], count: 0 } });

/** One of each movement: purchases, a credit, rewards, a payout and its return; 5 a page. */
const MOVEMENTS: ActivityRow[] = [
  ['payout_returned', 500, { type: 'payout', id: 'p-1' }],
  ['payout', -500, { type: 'payout', id: 'p-1' }],
  ['referral_reward', 1_333.3, { type: 'referrals', id: 'anna' }],
  ['vote_reward', 1, { type: 'brand', id: '3' }],
  ['operator_credit', 13_333, { type: 'order', id: '5f0c7a52-8d2b-4c1e-9a51-3b7f2e6d9c11' }],
  ['purchase', 33_333, { type: 'card_order', id: 'cash-1' }],
  ['contest_prize', 1_000_000, { type: 'brand', id: '3' }],
].map(([kind, tokens, source], index) => ({
  id: String(7 - index),
  at: new Date(Date.UTC(2026, 10, 20 - index, 10, 15)).toISOString(),
  kind: kind as ActivityRow['kind'],
  brnd_tokens: tokens as number,
  source: source as ActivityRow['source'],
}));
const movements = route(activity, ({ request }) => {
  const query = new URL(request.url).searchParams;
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? MOVEMENTS.length);
  return HttpResponse.json({
    activity: { rows: MOVEMENTS.slice(offset, offset + limit), count: MOVEMENTS.length },
  });
});

/** Answers limit/offset like the server does, over twelve transactions. */
const twelveTransactions = route(orders, ({ request }) => {
  const query = new URL(request.url).searchParams;
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? TWELVE.length);
  return HttpResponse.json({
    orders: { rows: TWELVE.slice(offset, offset + limit), count: TWELVE.length },
  });
});

const meta = {
  title: 'Screens/Transactions/Screen',
  component: TransactionsScreen,
  parameters: { session: { token: 'session-token', name: 'Anna Nowak' } },
} satisfies Meta<typeof TransactionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

function bodyRows(table: HTMLElement) {
  return within(table).getAllByRole('row').slice(1);
}

/** Twelve transactions: five a page, every status as a badge with its text, every type. */
export const Paged: Story = {
  parameters: { msw: { handlers: [twelveTransactions, noActivity] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(bodyRows(table)).toHaveLength(5);
    await expect(
      canvas.getByText(t('common.pagination.page', { page: 1, pages: 3 })),
    ).toBeVisible();
    for (const status of ['Confirmed', 'Pending', 'Canceled', 'Failed', 'WAITING_FOR_PAYMENT']) {
      await expect(within(table).getByText(t(`transactions.statuses.${status}`))).toBeVisible();
    }
    await expect(within(table).getByText(t('transactions.types.PAYOUT'))).toBeVisible();
    // 1,000,000 in English, 1 000 000 in Polish: whole tokens with the language's separators.
    await expect(within(table).getByText(/^1[,\s\u00a0]000[,\s\u00a0]000$/)).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: t.exact('common.pagination.previous') }),
    ).toBeDisabled();

    const next = canvas.getByRole('button', { name: t.exact('common.pagination.next') });
    await userEvent.click(next);
    await expect(
      await canvas.findByText(t('common.pagination.page', { page: 2, pages: 3 })),
    ).toBeVisible();
    // Next waits, disabled, until page 2 has arrived.
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);
    await expect(
      await canvas.findByText(t('common.pagination.page', { page: 3, pages: 3 })),
    ).toBeVisible();
    // The page label moves at once; the previous rows stay until the last page arrives.
    await waitFor(() => expect(bodyRows(canvas.getByRole('table'))).toHaveLength(2));
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    await expect(next).toBeDisabled();
  },
};

/** On a phone the table scrolls in its own box, and the pager's buttons stay on the screen. */
export const OnPhone: Story = {
  globals: PHONE,
  parameters: { msw: { handlers: [twelveTransactions, noActivity] } },
  play: async ({ canvas, canvasElement, globals }) => {
    const t = storyIntl(globals);
    await expect(bodyRows(await canvas.findByRole('table'))).toHaveLength(5);
    const next = canvas.getByRole('button', { name: t.exact('common.pagination.next') });
    await expect(next.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expectFitsPhone(canvasElement);
  },
};

/**
 * Orders whose money arrived but not as quoted: each says what arrived and where it stands (never
 * just "Failed"), and opens its order, where a waiting one is paid or explained.
 */
export const PaymentSituations: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(orders, { orders: { rows: paymentSituationTransactions(), count: 4 } }),
        noActivity,
      ],
    },
  },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    for (const situation of ['partial', 'awaiting_decision', 'credited', 'refund_noted']) {
      await expect(
        within(table).getByText(
          t(`transactions.situations.${situation}`, { paid: t.amount('0.02', 'ETH') }),
        ),
      ).toBeVisible();
    }
    await expect(within(table).queryByText(t('transactions.statuses.Failed'))).toBeNull();
    const [first] = within(table).getAllByRole('link', { name: /./ });
    await userEvent.click(first as HTMLElement);
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/buytoken/5f0c7a52-8d2b-4c1e-9a51-3b7f2e6d9c10',
      undefined,
    );
  },
};

/**
 * Every movement of the balance, whole tokens with their sign (a referrer's 1,333.3 reads
 * +1,333), each opening its source: here the order an operator credited.
 */
export const BalanceActivity: Story = {
  parameters: {
    msw: {
      handlers: [respondWith(orders, { orders: { rows: [], count: 0 } }), movements],
    },
  },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(bodyRows(table)).toHaveLength(5);
    for (const kind of [
      'payout_returned',
      'payout',
      'referral_reward',
      'vote_reward',
      'operator_credit',
    ]) {
      await expect(within(table).getByText(t(`transactions.activity.kinds.${kind}`))).toBeVisible();
    }
    await expect(within(table).getByText(/^\+1[,\s\u00a0]?333$/)).toBeVisible();
    await expect(within(table).getByText(/^[-−]500$/)).toBeVisible();
    await userEvent.click(
      within(table).getByRole('link', {
        name: new RegExp(t('transactions.activity.kinds.operator_credit')),
      }),
    );
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/buytoken/5f0c7a52-8d2b-4c1e-9a51-3b7f2e6d9c11',
      undefined,
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('common.pagination.next') }));
    await expect(
      await within(canvas.getByRole('table')).findByText(
        t('transactions.activity.kinds.contest_prize'),
      ),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [respondWith(orders, { orders: { rows: [], count: 0 } }), noActivity] },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('transactions.empty'))).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(orders)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('common.loading'));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(orders)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.common.tryAgain') }),
    ).toBeVisible();
  },
};
