import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { adminOrders } from '@brnd/contracts/api/admin-orders';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { AdminOrdersScreen } from './AdminOrdersScreen.tsx';
import { partialOrder } from './fixtures.ts';

const meta = {
  title: 'Screens/Admin/Orders',
  component: AdminOrdersScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminOrdersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every order of the demo world, newest first; a search by method narrows it to card orders. */
export const Results: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByText('demo@brnd.example').length).toBeGreaterThan(3);
    await userEvent.selectOptions(canvas.getByLabelText(t('finance.orders.method')), 'PLN');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.orders.search') }));
    await expect(await canvas.findByText(t('finance.orders.count', { count: 3 }))).toBeVisible();
    const rows = within(await canvas.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    for (const row of rows) await expect(within(row).getByText('PLN')).toBeVisible();
  },
};

/** An exception waiting for a decision is marked, with a link to its details. */
export const NeedsDecision: Story = {
  parameters: {
    msw: { handlers: [respondWith(adminOrders, { orders: [partialOrder], count: 1 })] },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('finance.orders.needsDecision'))).toBeVisible();
    await expect(
      canvas.getByRole('link', {
        name: t.exact('finance.orders.openLabel', { id: partialOrder.id }),
      }),
    ).toHaveAttribute('href', `/admin/orders/${partialOrder.id}`);
  },
};

/** A search nothing matches says so. */
export const NoMatch: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    await userEvent.type(
      canvas.getByLabelText(t('finance.orders.email')),
      'nobody@nowhere.example',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.orders.search') }));
    await expect(await canvas.findByText(t('finance.orders.noMatch'))).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [respondWith(adminOrders, { orders: [], count: 0 })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('finance.orders.empty'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(adminOrders)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('common.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(adminOrders)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
  },
};
