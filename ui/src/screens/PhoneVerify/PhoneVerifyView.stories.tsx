import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { PhoneVerifyView } from './PhoneVerifyView.tsx';

const meta = {
  title: 'Screens/PhoneVerify/View',
  component: PhoneVerifyView,
  parameters: { layout: 'fullscreen' },
  args: {
    code: 'q8Vh3Xk2mP9sT4wZ7bN1cR6yL0aE5dF8gJ2hK4nM7pQ',
    onSubmit: fn(),
    onResend: fn(),
  },
} satisfies Meta<typeof PhoneVerifyView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing moves from box to box; the joined digits reach onSubmit. */
export const Default: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      canvas.getByRole('textbox', { name: t.exact('common.digitLabel', { index: 1, count: 4 }) }),
    );
    await userEvent.keyboard('7305');
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.submit') }),
    );
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('7305'));
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.resend') }),
    );
    await expect(args.onResend).toHaveBeenCalledOnce();
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.submit') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const Resending: Story = {
  args: { resending: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.resend') }),
    ).toBeDisabled();
  },
};

export const Expired: Story = {
  args: { expired: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByText(t('errors.codeExpired'))).toBeVisible();
  },
};
