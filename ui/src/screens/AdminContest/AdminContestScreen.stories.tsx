import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { adminContest, closeContestMonth } from '@brnd/contracts/api/admin-contest';
import { contestCloseRefused } from '@brnd/mocks/admin-scenarios';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { DEMO_EMAIL } from '@brnd/mocks/seed';
import { INTL_LOCALE } from '@brnd/contracts/domain/constants';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { AdminContestScreen } from './AdminContestScreen.tsx';

const meta = {
  title: 'Screens/Admin/Contest',
  component: AdminContestScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminContestScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

function localeOf(globals: Record<string, unknown>): string {
  return INTL_LOCALE[globals.locale === 'po' ? 'po' : 'en'];
}

/** `YYYY-MM` as the screen names it in the story's language. */
function monthName(globals: Record<string, unknown>, month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(localeOf(globals), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, number - 1, 15));
}

function monthsAgo(count: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 15));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Asks to close `month` and confirms it in the dialog. */
async function closeMonth(
  {
    canvas,
    t,
    userEvent,
  }: Pick<StoryContext, 'canvas' | 'userEvent'> & {
    t: ReturnType<typeof storyIntl>;
  },
  month: string,
) {
  await userEvent.click(
    await canvas.findByRole(
      'button',
      { name: t.exact('adminContest.close', { month }) },
      { timeout: 5000 },
    ),
  );
  const dialog = await screen.findByRole('dialog', {
    name: t.exact('adminContest.closeTitle', { month }),
  });
  await userEvent.click(
    within(dialog).getByRole('button', { name: t.exact('adminContest.confirmClose') }),
  );
}

/**
 * The demo: this month's leaders, last month's winner (closed by the scheduled job) and the
 * month before, ended but not closed yet.
 */
export const Overview: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const standings = await canvas.findByRole(
      'table',
      { name: t.exact('adminContest.standings', { month: monthName(globals, monthsAgo(0)) }) },
      { timeout: 5000 },
    );
    const rows = within(standings).getAllByRole('row').slice(1);
    await expect(rows.length).toBeGreaterThan(1);
    await expect(rows[0]).toHaveTextContent('1');

    const history = canvas.getByRole('table', { name: t.exact('adminContest.history') });
    const lastMonth = within(history).getByRole('rowheader', {
      name: monthName(globals, monthsAgo(1)),
    });
    // The seeded winner of last month, with its votes as the story's language writes them.
    await expect(lastMonth.closest('tr')).toHaveTextContent(
      new Intl.NumberFormat(localeOf(globals)).format(2173),
    );
    await expect(
      canvas.getByRole('button', {
        name: t.exact('adminContest.close', { month: monthName(globals, monthsAgo(2)) }),
      }),
    ).toBeVisible();
  },
};

/**
 * Closing the ended month: the operator confirms, the winner is announced, the month joins the
 * winners with the owner who was credited, and there is nothing left to close.
 */
export const CloseMonth: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const month = monthName(globals, monthsAgo(2));
    await closeMonth({ canvas, t, userEvent }, month);
    await expectToast(
      t,
      'success',
      t('adminContest.closed', { month, name: 'Vistula Runners', votes: 1412 }),
    );
    await expect(await canvas.findByText(t('adminContest.noneToClose'))).toBeVisible();
    const history = canvas.getByRole('table', { name: t.exact('adminContest.history') });
    const row = within(history).getByRole('rowheader', { name: month }).closest('tr')!;
    await expect(row).toHaveTextContent('Vistula Runners');
    await expect(row).toHaveTextContent(DEMO_EMAIL);
  },
};

/** The scheduled job closed the month a moment before: the operator is told nothing changed. */
export const AlreadyClosed: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(closeContestMonth, {
          closed_now: false,
          winner: {
            month: monthsAgo(2),
            brand_id: 9,
            name: 'Vistula Runners',
            website: 'vistularunners.pl',
            image_url: '',
            votes: 1412,
            prize: 1_000_000,
            owner_email: DEMO_EMAIL,
            closed_at: new Date().toISOString(),
          },
        }),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const month = monthName(globals, monthsAgo(2));
    await closeMonth({ canvas, t, userEvent }, month);
    // A warning, not a success: the operator's click changed nothing.
    const region = screen.getByRole('region', { name: t.exact('toast.region') });
    const text = await within(region).findByText(
      t('adminContest.alreadyClosed', { month, name: 'Vistula Runners', votes: 1412 }),
    );
    await expect(text.closest('[role="status"]')).toHaveTextContent(t('toast.warning'));
  },
};

/** The server refuses a month that has not ended: the operator reads why, nothing is closed. */
export const CloseRefused: Story = {
  parameters: {
    msw: { handlers: [contestCloseRefused('adminContest.errors.notEnded', monthsAgo(2))] },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const month = monthName(globals, monthsAgo(2));
    await closeMonth({ canvas, t, userEvent }, month);
    await expectToast(t, 'danger', t('adminContest.errors.notEnded', { month }));
    await waitFor(() =>
      expect(
        canvas.getByRole('button', { name: t.exact('adminContest.close', { month }) }),
      ).toBeEnabled(),
    );
  },
};

/** A new platform: no votes this month, nothing closed, nothing to close. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(adminContest, {
          month: monthsAgo(0),
          standings: [],
          winners: [],
          open_months: [],
        }),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('adminContest.noVotes'))).toBeVisible();
    await expect(canvas.getByText(t('adminContest.noHistory'))).toBeVisible();
    await expect(canvas.getByText(t('adminContest.noneToClose'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(adminContest)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('adminContest.loading'));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(adminContest)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
  },
};
