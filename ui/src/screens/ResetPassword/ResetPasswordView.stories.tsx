import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { ResetPasswordView } from './ResetPasswordView.tsx';

const meta = {
  title: 'Screens/ResetPassword/View',
  component: ResetPasswordView,
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn() },
} satisfies Meta<typeof ResetPasswordView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    for (const id of ['accounts.fields.newPassword', 'accounts.fields.confirmPassword']) {
      await userEvent.type(canvas.getByLabelText(t(id), { selector: 'input' }), 'NewSecret1!');
    }
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('accounts.resetPassword.submit') }),
    );
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('NewSecret1!'));
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.resetPassword.submit') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const LinkInvalid: Story = {
  args: { linkInvalid: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('errors.linkInvalid'));
    await expect(
      canvas.queryByRole('button', { name: t.exact('accounts.resetPassword.submit') }),
    ).toBeNull();
  },
};
