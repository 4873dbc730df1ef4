import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { polish } from '../../testing/polish.ts';
import { storyIntl } from '../../testing/story-intl.ts';
import { PasswordField } from './PasswordField.tsx';

const meta = {
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'Password', name: 'password', autoComplete: 'new-password', onChange: fn() },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const input = canvas.getByLabelText(args.label);
    await userEvent.type(input, 'Secret#2024');
    await expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(canvas.getByRole('button', { name: t('common.showPassword') }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Secret#2024');

    await userEvent.click(canvas.getByRole('button', { name: t('common.hidePassword') }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};
export const HiddenPolish = polish(Hidden, { label: 'Hasło' });

export const WithError: Story = {
  args: {
    defaultValue: 'short',
    error:
      'Your password should include min. 8 characters, at least 1 Upper letter, 1 numeric, 1 special character',
  },
  play: async ({ args, canvas }) => {
    const input = canvas.getByLabelText(args.label);
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(String(args.error));
  },
};
export const WithErrorPolish = polish(WithError, {
  label: 'Hasło',
  error:
    'Hasło powinno mieć min. 8 znaków, co najmniej 1 wielką literę, 1 cyfrę i 1 znak specjalny',
});

export const Disabled: Story = {
  args: { defaultValue: 'Secret#2024', disabled: true },
  play: async ({ args, canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByLabelText(args.label)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: t('common.showPassword') })).toBeDisabled();
  },
};
export const DisabledPolish = polish(Disabled, { label: 'Hasło' });
