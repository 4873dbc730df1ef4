import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError } from '../shared/story-helpers.ts';
import { LoginView } from './LoginView.tsx';

/** The pure form: its visual states come from props; the screen's stories cover the calls. */
const meta = {
  title: 'Screens/Login/View',
  component: LoginView,
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn() },
} satisfies Meta<typeof LoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Valid input reaches onSubmit as the contract's parsed body (trimmed, lower-cased e-mail). */
export const Default: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.type(canvas.getByLabelText(t('accounts.fields.email')), ' Anna@Example.com');
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.password'), { selector: 'input' }),
      'Secret123!',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('accounts.login.submit') }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        email: 'anna@example.com',
        password: 'Secret123!',
      }),
    );
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const button = canvas.getByRole('button', { name: t.exact('accounts.login.submit') });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const WithServerErrors: Story = {
  args: { serverErrors: { email: 'validation.email' } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expectFieldError(canvas, t('accounts.fields.email'), t('validation.email'));
  },
};
