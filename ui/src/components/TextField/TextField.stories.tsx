import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { polish } from '../../testing/polish.ts';
import { TextField } from './TextField.tsx';

const meta = {
  component: TextField,
  tags: ['autodocs'],
  args: {
    label: 'E-mail',
    name: 'email',
    type: 'email',
    autoComplete: 'email',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await userEvent.type(input, 'anna@example.com');
    await expect(input).toHaveValue('anna@example.com');
    await expect(args.onChange).toHaveBeenCalled();
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalledOnce();
  },
};
export const EmptyPolish = polish(Empty, { label: 'E-mail' });

export const Filled: Story = {
  args: { defaultValue: 'anna@example.com' },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveValue('anna@example.com');
  },
};
export const FilledPolish = polish(Filled, { label: 'E-mail' });

export const WithError: Story = {
  args: { defaultValue: 'anna@', error: 'Invalid e-mail address' },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(String(args.error));
  },
};
export const WithErrorPolish = polish(WithError, {
  label: 'E-mail',
  error: 'Nieprawidłowy adres e-mail',
});

export const WithHint: Story = {
  args: { label: 'Full name', type: 'text', name: 'name', hint: 'As on your ID card' },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveAccessibleDescription(
      String(args.hint),
    );
  },
};
export const WithHintPolish = polish(WithHint, {
  label: 'Imię i nazwisko',
  hint: 'Tak jak w dowodzie osobistym',
});

export const Disabled: Story = {
  args: { defaultValue: 'anna@example.com', disabled: true },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('textbox', { name: args.label })).toBeDisabled();
  },
};
export const DisabledPolish = polish(Disabled, { label: 'E-mail' });

export const ReadOnly: Story = {
  args: { defaultValue: 'anna@example.com', readOnly: true },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('anna@example.com');
  },
};
export const ReadOnlyPolish = polish(ReadOnly, { label: 'E-mail' });
