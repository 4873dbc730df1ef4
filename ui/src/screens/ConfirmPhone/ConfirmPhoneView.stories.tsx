import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { ConfirmPhoneView } from './ConfirmPhoneView.tsx';

const meta = {
  title: 'Screens/ConfirmPhone/View',
  component: ConfirmPhoneView,
  parameters: { layout: 'fullscreen' },
  args: {
    mobile: '+48600100200',
    editable: false,
    code: 'q8Vh3Xk2mP9sT4wZ7bN1cR6yL0aE5dF8gJ2hK4nM7pQ',
    onSubmit: fn(),
  },
} satisfies Meta<typeof ConfirmPhoneView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadOnly: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByLabelText(t('accounts.fields.mobile'), { selector: 'input' }),
    ).toHaveAttribute('readonly');
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('accounts.common.continue') }),
    );
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('+48600100200'));
  },
};

export const Editable: Story = {
  args: { editable: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByLabelText(t('accounts.fields.mobile'), { selector: 'input' }),
    ).not.toHaveAttribute('readonly');
    await expect(
      canvas.queryByRole('link', { name: t.exact('accounts.confirmPhone.editNumber') }),
    ).toBeNull();
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.common.continue') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** A refusal explained by the server, shown as it came. */
export const WithFailure: Story = {
  args: { failure: 'This number cannot receive text messages.' },
  parameters: {
    polishArgs: {
      failure: 'Ten numer nie może odbierać SMS-ów.',
    },
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(String(args.failure));
  },
};
