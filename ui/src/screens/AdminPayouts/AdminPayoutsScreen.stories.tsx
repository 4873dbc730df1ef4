import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { adminPayouts, retryPayout, type AdminPayout } from '@brnd/contracts/api/admin-payouts';
import { errorResponse, route } from '@brnd/mocks/handlers';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { AdminPayoutsScreen } from './AdminPayoutsScreen.tsx';
import { confirmedPayout, EXPLORER, failedPayout, payoutList } from './fixtures.ts';

const meta = {
  title: 'Screens/Admin/Payouts',
  component: AdminPayoutsScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminPayoutsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The payouts as a server keeps them: the list filters by status, and a retry (unless `refusal`
 * names the 409 it answers) queues a new pending payout and marks the failed one retried. `reset`
 * runs before each story and its Polish twin.
 */
function payoutsWorld(refusal?: 'balanceGone' | 'alreadyRetried') {
  let payouts: AdminPayout[] = [];
  const reset = () => {
    payouts = payoutList.map((payout) => ({ ...payout }));
  };
  reset();
  const handlers = [
    route(adminPayouts, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const matching = payouts.filter((payout) => !status || payout.status === status);
      return HttpResponse.json({
        payouts: matching,
        count: matching.length,
        explorer_tx_url: EXPLORER,
      });
    }),
    route(retryPayout, ({ params }) => {
      if (refusal) {
        const { status, messageId } = retryPayout.errors[refusal];
        return errorResponse(status, messageId!);
      }
      const failed = payouts.find((payout) => payout.id === params.id);
      if (!failed) return errorResponse(404, 'errors.notFound');
      const retry: AdminPayout = {
        ...failed,
        id: '119',
        status: 'pending',
        tx_hash: null,
        error: null,
        retry_of: failed.id,
        created_at: '2026-03-03T09:30:00.000Z',
      };
      failed.retried_by = retry.id;
      payouts = [retry, ...payouts];
      return HttpResponse.json({ payout: retry }, { status: 201 });
    }),
  ];
  return { handlers, reset };
}
const listWorld = payoutsWorld();
const retryWorld = payoutsWorld();
const balanceGoneWorld = payoutsWorld('balanceGone');
const alreadyRetriedWorld = payoutsWorld('alreadyRetried');

const retryName = (t: ReturnType<typeof storyIntl>, payout: AdminPayout) =>
  t.exact('finance.payouts.retryLabel', { tokens: payout.brnd_tokens, address: payout.address });

/** Every payout with its status, transaction (linked to the explorer) and retry history. */
export const List: Story = {
  parameters: { msw: { handlers: listWorld.handlers } },
  beforeEach: listWorld.reset,
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(
      canvas.getByText(t('finance.payouts.count', { count: payoutList.length })),
    ).toBeVisible();
    await expect(within(table).getByText('anna.nowak@example.com')).toBeVisible();
    await expect(
      within(table).getByRole('link', { name: confirmedPayout.tx_hash ?? '' }),
    ).toHaveAttribute('href', `https://explorer.example/tx/${confirmedPayout.tx_hash}`);
    await expect(within(table).getByText(failedPayout.error ?? '')).toBeVisible();
    await expect(
      within(table).getByText(t('finance.payouts.retriedBy', { id: '111' })),
    ).toBeVisible();
    await expect(
      within(table).getByText(t('finance.payouts.retryOf', { id: '110' })),
    ).toBeVisible();
    // Only the failed payout nobody retried yet offers a retry.
    await expect(within(table).getAllByRole('button', { name: /0x/ })).toHaveLength(1);
    await expect(
      within(table).getByRole('button', {
        name: retryName(t, failedPayout),
      }),
    ).toBeVisible();
  },
};

/** The status filter narrows the list; a status nothing has says so. */
export const Filtered: Story = {
  parameters: { msw: { handlers: listWorld.handlers } },
  beforeEach: listWorld.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    await userEvent.selectOptions(
      canvas.getByLabelText(t('finance.payouts.filter')),
      // By value: an option's markup holds the page's non-breaking spaces as entities.
      'failed',
    );
    await expect(await canvas.findByText(t('finance.payouts.count', { count: 2 }))).toBeVisible();
    const rows = within(canvas.getByRole('table')).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(2);
    for (const row of rows) {
      await expect(within(row).getByText(t('finance.payouts.statuses.failed'))).toBeVisible();
    }
  },
};

export const NoMatch: Story = {
  parameters: {
    msw: {
      handlers: [
        route(adminPayouts, ({ request }) =>
          HttpResponse.json(
            new URL(request.url).searchParams.get('status')
              ? { payouts: [], count: 0, explorer_tx_url: null }
              : { payouts: [confirmedPayout], count: 1, explorer_tx_url: null },
          ),
        ),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    // Without an explorer the hash is plain text.
    await expect(within(table).queryByRole('link')).toBeNull();
    await expect(within(table).getByText(confirmedPayout.tx_hash ?? '')).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText(t('finance.payouts.filter')), 'pending');
    await expect(await canvas.findByText(t('finance.payouts.noMatch'))).toBeVisible();
  },
};

/** Retry asks first; confirmed, the new payout is queued and the failed one shows its retry. */
export const RetrySuccess: Story = {
  parameters: { msw: { handlers: retryWorld.handlers } },
  beforeEach: retryWorld.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const name = retryName(t, failedPayout);
    await userEvent.click(await canvas.findByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name: t.exact('finance.payouts.retry') });
    await expect(dialog).toHaveTextContent(failedPayout.address);
    // Cancelling sends nothing.
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('finance.payouts.cancel') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: t.exact('finance.payouts.retryConfirmButton'),
      }),
    );
    await expectToast(t, 'success', t('finance.payouts.retried', { id: '119' }));
    await expect(
      await canvas.findByText(t('finance.payouts.retriedBy', { id: '119' })),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name })).toBeNull();
    await expect(
      canvas.getByText(t('finance.payouts.count', { count: payoutList.length + 1 })),
    ).toBeVisible();
  },
};

async function refusedRetry(context: Parameters<NonNullable<Story['play']>>[0], messageId: string) {
  const { canvas, globals, userEvent } = context;
  const t = storyIntl(globals);
  await userEvent.click(
    await canvas.findByRole('button', {
      name: retryName(t, failedPayout),
    }),
  );
  await userEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', {
      name: t.exact('finance.payouts.retryConfirmButton'),
    }),
  );
  await expectToast(t, 'danger', t(messageId));
  await expect(
    canvas.getByText(t('finance.payouts.count', { count: payoutList.length })),
  ).toBeVisible();
}

/** The user claimed or spent the returned BRND: the retry is refused and nothing is sent. */
export const RetryBalanceGone: Story = {
  parameters: { msw: { handlers: balanceGoneWorld.handlers } },
  beforeEach: balanceGoneWorld.reset,
  play: (context) => refusedRetry(context, 'finance.payouts.errors.balanceGone'),
};

/** Another operator retried it first. */
export const RetryAlreadyRetried: Story = {
  parameters: { msw: { handlers: alreadyRetriedWorld.handlers } },
  beforeEach: alreadyRetriedWorld.reset,
  play: (context) => refusedRetry(context, 'finance.payouts.errors.alreadyRetried'),
};

/** The server failed the retry: the generic message, the list unchanged. */
export const RetryFailed: Story = {
  parameters: {
    msw: { handlers: [serverError(retryPayout), ...listWorld.handlers] },
  },
  beforeEach: listWorld.reset,
  play: (context) => refusedRetry(context, 'errors.server'),
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [respondWith(adminPayouts, { payouts: [], count: 0, explorer_tx_url: null })],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('finance.payouts.empty'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(adminPayouts)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('common.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(adminPayouts)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
  },
};
