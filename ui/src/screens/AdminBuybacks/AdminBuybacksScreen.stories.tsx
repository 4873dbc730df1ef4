import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { adminBuybacks, type Buyback } from '@brnd/contracts/api/burns';
import { respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { AdminBuybacksScreen } from './AdminBuybacksScreen.tsx';

/** The purchases the stories record: the transactions that delivered the BRND. */
const PURCHASE = `0x${'ab'.repeat(32)}`;
const OTHER_PURCHASE = `0x${'cd'.repeat(32)}`;

const meta = {
  title: 'Screens/Admin/Buyback and burn',
  component: AdminBuybacksScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminBuybacksScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Recording a quarter with its purchase (delivered to the buyback wallet the screen names):
 * pending at first, then Burned with its transaction, by itself.
 */
export const RecordAndBurn: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    await expect(
      canvas.getByText(t('admin.buybacks.wallet')).querySelector('code'),
    ).toHaveTextContent(/^0x[0-9a-fA-F]{40}$/);
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.quarter')), '2026-Q3');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.profit')), '50000');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.spent')), '10000');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.amount')), '2500000');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.purchase')), PURCHASE);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('admin.buybacks.submit') }));
    const what = { quarter: '2026-Q3', count: 2_500_000 };
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('admin.buybacks.confirm.title', what),
    });
    await expect(dialog).toHaveTextContent(t('common.confirm.cannotUndo'));
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('admin.buybacks.confirm.action', what) }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await expectToast(t, 'success', t('admin.buybacks.recorded', { quarter: '2026-Q3' }));
    const row = async () =>
      (await within(await canvas.findByRole('table')).findByText('2026-Q3')).closest(
        'tr',
      ) as HTMLElement;
    await expect(
      await within(await row()).findByText(t('admin.buybacks.statuses.pending')),
    ).toBeVisible();
    await expect(
      await within(await row()).findByText(
        t('admin.buybacks.statuses.confirmed'),
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(within(await row()).getByText(/^0x[0-9a-f]{64}$/)).toBeVisible();
  },
};

/** The form's own checks, from the contract: the quarter's shape, whole BRND, then the 20 % cap. */
export const FormErrors: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    const quarter = canvas.getByLabelText(t('admin.buybacks.quarter'));
    const amount = canvas.getByLabelText(t('admin.buybacks.amount'));
    const submit = canvas.getByRole('button', { name: t.exact('admin.buybacks.submit') });
    await userEvent.type(quarter, 'Q3 2026');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.profit')), '10000');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.spent')), '2500');
    await userEvent.type(amount, '0');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.purchase')), '0x1234');
    await userEvent.click(submit);
    await expect(await canvas.findByText(t('admin.buybacks.errors.quarter'))).toBeVisible();
    await expect(canvas.getByText(t('admin.buybacks.errors.brndAmount'))).toBeVisible();
    await expect(canvas.getByText(t('admin.buybacks.errors.purchaseTxHash'))).toBeVisible();
    await expect(quarter).toHaveFocus();

    await userEvent.clear(quarter);
    await userEvent.type(quarter, '2026-Q3');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1000');
    await userEvent.clear(canvas.getByLabelText(t('admin.buybacks.purchase')));
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.purchase')), PURCHASE);
    await userEvent.click(submit);
    await expect(await canvas.findByText(t('admin.buybacks.errors.overCap'))).toBeVisible();
  },
};

/** A quarter that already has its buyback: the server refuses and says why. */
export const QuarterTaken: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.quarter')), '2026-Q2');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.profit')), '60000');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.spent')), '100');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.amount')), '10');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.purchase')), OTHER_PURCHASE);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('admin.buybacks.submit') }));
    await userEvent.click(
      await screen.findByRole('button', {
        name: t.exact('admin.buybacks.confirm.action', { count: 10 }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'danger', t('admin.buybacks.errors.quarterTaken'));
  },
};

/** Cancel at the confirmation: nothing is recorded or burned, the form keeps what was typed. */
export const BurnCancelled: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    const rows = within(table).getAllByRole('row').length;
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.quarter')), '2026-Q4');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.profit')), '50000');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.spent')), '100');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.amount')), '5000');
    await userEvent.type(canvas.getByLabelText(t('admin.buybacks.purchase')), PURCHASE);
    const submit = canvas.getByRole('button', { name: t.exact('admin.buybacks.submit') });
    await userEvent.click(submit);
    await screen.findByRole('dialog', {
      name: t.exact('admin.buybacks.confirm.title', { quarter: '2026-Q4', count: 5000 }),
    });
    await userEvent.click(screen.getByRole('button', { name: t.exact('common.confirm.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(submit).toHaveFocus());
    await expect(canvas.getByLabelText(t('admin.buybacks.quarter'))).toHaveValue('2026-Q4');
    await expect(within(table).getAllByRole('row')).toHaveLength(rows);
    await expect(within(table).queryByText('2026-Q4')).toBeNull();
  },
};

/** One purchase backs one buyback: recording it again for another quarter is refused. */
export const PurchaseTaken: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    const record = async (quarter: string) => {
      for (const [label, value] of [
        ['admin.buybacks.quarter', quarter],
        ['admin.buybacks.profit', '50000'],
        ['admin.buybacks.spent', '100'],
        ['admin.buybacks.amount', '10'],
        ['admin.buybacks.purchase', PURCHASE],
      ] as const) {
        await userEvent.clear(canvas.getByLabelText(t(label)));
        await userEvent.type(canvas.getByLabelText(t(label)), value);
      }
      await userEvent.click(canvas.getByRole('button', { name: t.exact('admin.buybacks.submit') }));
      await userEvent.click(
        await screen.findByRole('button', {
          name: t.exact('admin.buybacks.confirm.action', { count: 10 }),
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await record('2026-Q3');
    await expectToast(t, 'success', t('admin.buybacks.recorded', { quarter: '2026-Q3' }));
    await record('2026-Q4');
    await expectToast(t, 'danger', t('admin.buybacks.errors.purchaseTaken'));
    await expect(within(canvas.getByRole('table')).queryByText('2026-Q4')).toBeNull();
  },
};

const failed: Buyback = {
  id: 'b-failed',
  quarter: '2026-Q3',
  subscription_profit_usd: 40000,
  buyback_usd: 8000,
  brnd_burned: 999_000_000,
  status: 'failed',
  tx_hash: null,
  purchase_tx_hash: PURCHASE,
  error: 'execution reverted: ERC20InsufficientBalance',
  created_at: '2026-10-02T09:00:00.000Z',
};

/** A burn the chain refused shows Failed with the chain's reason. */
export const BurnFailed: Story = {
  parameters: {
    msw: { handlers: [respondWith(adminBuybacks, { buybacks: [failed], wallet: null })] },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('admin.buybacks.statuses.failed'))).toBeVisible();
    await expect(canvas.getByText(failed.error!)).toBeVisible();
  },
};

export const NoneYet: Story = {
  parameters: { msw: { handlers: [respondWith(adminBuybacks, { buybacks: [], wallet: null })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('admin.buybacks.empty'))).toBeVisible();
  },
};

export const ListFailed: Story = {
  parameters: { msw: { handlers: [serverError(adminBuybacks)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
  },
};
