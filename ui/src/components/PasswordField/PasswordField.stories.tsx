import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
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
  parameters: { polishArgs: { label: 'Hasło' } },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const input = canvas.getByLabelText(args.label);
    await userEvent.type(input, 'Secret#2024');
    await expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(canvas.getByRole('button', { name: t.exact('common.showPassword') }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Secret#2024');

    await userEvent.click(canvas.getByRole('button', { name: t.exact('common.hidePassword') }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'short',
    error:
      'Your password should include min. 8 characters, at least 1 Upper letter, 1 numeric, 1 special character',
  },
  parameters: {
    polishArgs: {
      label: 'Hasło',
      error:
        'Hasło powinno mieć min. 8 znaków, co najmniej 1 wielką literę, 1 cyfrę i 1 znak specjalny',
    },
  },
  play: async ({ args, canvas }) => {
    const input = canvas.getByLabelText(args.label);
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(String(args.error));
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'Secret#2024', disabled: true },
  parameters: { polishArgs: { label: 'Hasło' } },
  play: async ({ args, canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByLabelText(args.label)).toBeDisabled();
    await expect(
      canvas.getByRole('button', { name: t.exact('common.showPassword') }),
    ).toBeDisabled();
  },
};
