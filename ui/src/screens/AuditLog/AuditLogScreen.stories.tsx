import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { auditLog, type AuditEntry } from '@brnd/contracts/api/admin';
import { AUDIT_LOG_PAGE_SIZE } from '@brnd/contracts/domain/constants';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { AuditLogScreen } from './AuditLogScreen.tsx';

const meta = {
  title: 'Screens/Admin/Audit log',
  component: AuditLogScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AuditLogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

function bodyRows(canvas: HTMLElement) {
  return within(within(canvas).getByRole('table')).getAllByRole('row').slice(1);
}

/** The mocks' seeded log: newest first; filters narrow it and clearing brings it back. */
export const Entries: Story = {
  play: async ({ canvas, canvasElement, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    const rows = bodyRows(canvasElement);
    await expect(rows).toHaveLength(7);
    await expect(within(rows[0]!).getByText('contest.close')).toBeVisible();
    await expect(within(rows[6]!).getByText('operator.create')).toBeVisible();

    await userEvent.type(canvas.getByLabelText(t('admin.auditLog.action')), 'brand.');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('admin.auditLog.apply') }));
    await expect(await canvas.findByText(t('admin.auditLog.count', { count: 2 }))).toBeVisible();
    await expect(
      bodyRows(canvasElement).map((row) => (row as HTMLTableRowElement).cells[2]?.textContent),
    ).toEqual(['brand.reject', 'brand.approve']);

    await userEvent.click(canvas.getByRole('button', { name: t.exact('admin.auditLog.clear') }));
    await expect(await canvas.findByText(t('admin.auditLog.count', { count: 7 }))).toBeVisible();
    await expect(canvas.getByLabelText(t('admin.auditLog.action'))).toHaveValue('');
  },
};

/** Filters that match nothing say so, and keep the way back. */
export const NoMatch: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    await userEvent.type(canvas.getByLabelText(t('admin.auditLog.actor')), 'nobody@');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('admin.auditLog.apply') }));
    await expect(await canvas.findByText(t('admin.auditLog.noMatch'))).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: t.exact('admin.auditLog.clear') }),
    ).toBeVisible();
  },
};

function entry(index: number): AuditEntry {
  return {
    id: String(index),
    created_at: new Date(Date.UTC(2026, 10, 20, 12, 0, index)).toISOString(),
    actor_email: 'operator@brnd.example',
    action: 'brand.approve',
    subject: `Brand ${index}`,
    details: {},
  };
}

/** More entries than a page holds: Previous and Next with the page count. */
export const Paged: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(auditLog, {
          entries: Array.from({ length: AUDIT_LOG_PAGE_SIZE }, (_, index) => entry(index + 1)),
          count: 120,
        }),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('table');
    const pages = canvas.getByRole('navigation', { name: t.exact('admin.auditLog.pagination') });
    await expect(
      within(pages).getByText(t('common.pagination.page', { page: 1, pages: 3 })),
    ).toBeVisible();
    await expect(
      within(pages).getByRole('button', { name: t.exact('common.pagination.previous') }),
    ).toBeDisabled();
    await expect(
      within(pages).getByRole('button', { name: t.exact('common.pagination.next') }),
    ).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [respondWith(auditLog, { entries: [], count: 0 })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('admin.auditLog.empty'))).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: t.exact('admin.auditLog.clear') }),
    ).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(auditLog)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('common.loading'));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(auditLog)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.common.tryAgain') }),
    ).toBeVisible();
  },
};
