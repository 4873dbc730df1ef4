import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { adminSession } from '@brnd/contracts/api/admin';
import { pending, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { AdminConsole } from './AdminConsole.tsx';

const meta = {
  title: 'Screens/Admin/Console',
  component: AdminConsole,
  args: { pathname: '/admin/audit-log', children: <p>Section content</p> },
} satisfies Meta<typeof AdminConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An operator: the heading, who is signed in, the sections with the current one marked. */
export const Operator: Story = {
  parameters: { session: 'operator' },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t.exact('admin.heading') }),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('admin.signedInAs', { email: 'operator@brnd.example' })),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('admin.sections.auditLog') }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Section content')).toBeVisible();
  },
};

/** A normal user who finds the address sees the refusal and nothing of the console. */
export const NotAnOperator: Story = {
  parameters: { session: 'demo' },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.forbidden'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('admin.forbidden.toDashboard') }),
    ).toBeVisible();
    await expect(canvas.queryByText('Section content')).not.toBeInTheDocument();
  },
};

export const Checking: Story = {
  parameters: { session: 'operator', msw: { handlers: [pending(adminSession)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('common.loading'));
    await expect(canvas.queryByText('Section content')).not.toBeInTheDocument();
  },
};

export const CheckFailed: Story = {
  parameters: { session: 'operator', msw: { handlers: [serverError(adminSession)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
    await expect(canvas.queryByText('Section content')).not.toBeInTheDocument();
  },
};
