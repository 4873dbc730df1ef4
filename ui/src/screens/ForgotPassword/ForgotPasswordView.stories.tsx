import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { ForgotPasswordView } from './ForgotPasswordView.tsx';

const meta = {
  title: 'Screens/ForgotPassword/View',
  component: ForgotPasswordView,
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn() },
} satisfies Meta<typeof ForgotPasswordView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.type(canvas.getByLabelText(t('accounts.fields.email')), 'Anna@Example.com ');
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('accounts.forgotPassword.submit') }),
    );
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('anna@example.com'));
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.forgotPassword.submit') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const Sent: Story = {
  args: { sentTo: 'anna@example.com' },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('status')).toHaveTextContent(
      t('accounts.forgotPassword.sent', { email: 'anna@example.com' }),
    );
  },
};
