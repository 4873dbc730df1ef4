import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError } from '../shared/story-helpers.ts';
import { RegisterView } from './RegisterView.tsx';

const meta = {
  title: 'Screens/Register/View',
  component: RegisterView,
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn() },
} satisfies Meta<typeof RegisterView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Valid input reaches onSubmit parsed by the contract: normalised number and e-mail. */
export const Default: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.type(canvas.getByLabelText(t('accounts.fields.fullName')), ' Anna Nowak ');
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.mobile'), { selector: 'input' }),
      '600-100-200',
    );
    await userEvent.type(canvas.getByLabelText(t('accounts.fields.email')), 'ANNA@example.com');
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.password'), { selector: 'input' }),
      'Secret123!',
    );
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('accounts.register.submit') }),
    );
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Anna Nowak',
        mobile: '+48600100200',
        email: 'anna@example.com',
        password: 'Secret123!',
        terms: true,
      }),
    );
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.register.submit') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const WithServerErrors: Story = {
  args: { serverErrors: { email: 'errors.emailExists', mobile: 'validation.phone' } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expectFieldError(canvas, t('accounts.fields.email'), t('errors.emailExists'));
    await expectFieldError(canvas, t('accounts.fields.mobile'), t('validation.phone'));
  },
};
