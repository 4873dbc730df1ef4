import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { adminNotifications } from '@brnd/contracts/api/admin-orders';
import { route } from '@brnd/mocks/handlers';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { AdminNotificationsScreen } from './AdminNotificationsScreen.tsx';
import { NOTIFIED_ORDER, notificationList } from './fixtures.ts';

const meta = {
  title: 'Screens/Admin/Provider notifications',
  component: AdminNotificationsScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminNotificationsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Answers from the fixture list, filtered by order as the bff filters. */
const filteredList = route(adminNotifications, ({ request }) => {
  const order = new URL(request.url).searchParams.get('order');
  const rows = notificationList.filter((row) => !order || row.order_ref === order);
  return HttpResponse.json({ notifications: rows, count: rows.length });
});

/** Accepted, ignored and refused notifications, each with what it was and what we answered. */
export const List: Story = {
  parameters: { msw: { handlers: [filteredList] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(canvas.getByText(t('finance.notifications.count', { count: 3 }))).toBeVisible();
    await expect(within(table).getByText(t('finance.orders.outcomes.accepted'))).toBeVisible();
    await expect(within(table).getByText(t('finance.orders.outcomes.ignored'))).toBeVisible();
    await expect(within(table).getByText(t('finance.orders.outcomes.refused'))).toBeVisible();
    await expect(within(table).getByText(t('orders.errors.badSignature'))).toBeVisible();
    await expect(
      within(table).getByText(
        `InvoiceSettled · ${t('finance.orders.signature')}: ${t('finance.orders.signatureValid')} · ${t('finance.orders.redelivered')}`,
      ),
    ).toBeVisible();
    await expect(
      within(table).getByRole('link', {
        name: t.exact('finance.orders.openLabel', { id: NOTIFIED_ORDER }),
      }),
    ).toHaveAttribute('href', `/admin/orders/${NOTIFIED_ORDER}`);
  },
};

/** Filtering by an order shows only what arrived for it. */
export const FilteredByOrder: Story = {
  parameters: { msw: { handlers: [filteredList] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    await userEvent.type(canvas.getByLabelText(t('finance.notifications.order')), NOTIFIED_ORDER);
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('finance.notifications.search') }),
    );
    await expect(
      await canvas.findByText(t('finance.notifications.count', { count: 1 })),
    ).toBeVisible();
    const table = canvas.getByRole('table');
    await expect(within(table).queryByText(t('finance.orders.outcomes.refused'))).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('finance.notifications.clear') }),
    );
    await expect(
      await canvas.findByText(t('finance.notifications.count', { count: 3 })),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [respondWith(adminNotifications, { notifications: [], count: 0 })] },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('finance.notifications.empty'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(adminNotifications)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('common.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(adminNotifications)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
  },
};
