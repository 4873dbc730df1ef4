import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
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
  parameters: { polishArgs: { label: 'E-mail' } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await userEvent.type(input, 'anna@example.com');
    await expect(input).toHaveValue('anna@example.com');
    await expect(args.onChange).toHaveBeenCalled();
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalledOnce();
  },
};

export const Filled: Story = {
  args: { defaultValue: 'anna@example.com' },
  parameters: { polishArgs: { label: 'E-mail' } },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveValue('anna@example.com');
  },
};

export const WithError: Story = {
  args: { defaultValue: 'anna@', error: 'Invalid e-mail address' },
  parameters: {
    polishArgs: {
      label: 'E-mail',
      error: 'Nieprawidłowy adres e-mail',
    },
  },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(String(args.error));
  },
};

export const WithHint: Story = {
  args: { label: 'Full name', type: 'text', name: 'name', hint: 'As on your ID card' },
  parameters: {
    polishArgs: {
      label: 'Imię i nazwisko',
      hint: 'Tak jak w dowodzie osobistym',
    },
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveAccessibleDescription(
      String(args.hint),
    );
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'anna@example.com', disabled: true },
  parameters: { polishArgs: { label: 'E-mail' } },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('textbox', { name: args.label })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { defaultValue: 'anna@example.com', readOnly: true },
  parameters: { polishArgs: { label: 'E-mail' } },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('anna@example.com');
  },
};
