import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Alert } from './Alert.tsx';

const meta = {
  component: Alert,
  tags: ['autodocs'],
  args: { variant: 'info', children: 'A confirmation e-mail was sent to anna@example.com.' },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  parameters: {
    polishArgs: {
      children: 'Wysłaliśmy e-mail z potwierdzeniem na adres anna@example.com.',
    },
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(String(args.children));
  },
};

export const Success: Story = {
  args: { variant: 'success', children: 'You are successed! Please check your email.' },
  parameters: {
    polishArgs: {
      children: 'Gotowe! Sprawdź swoją skrzynkę e-mail.',
    },
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(String(args.children));
  },
};

export const Warning: Story = {
  args: {
    variant: 'warning',
    children: 'This code has expired or was used too many times. Send a new one.',
  },
  parameters: {
    polishArgs: {
      children: 'Ten kod wygasł lub wykorzystano limit prób. Wyślij nowy.',
    },
  },
};

export const Danger: Story = {
  args: { variant: 'danger', children: 'This link is invalid or has expired.' },
  parameters: { polishArgs: { children: 'Ten link jest nieprawidłowy lub wygasł.' } },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(String(args.children));
  },
};

export const WithTitle: Story = {
  args: {
    variant: 'danger',
    title: 'Verification Failed',
    children: 'Check the code in the SMS and try again.',
  },
  parameters: {
    polishArgs: {
      title: 'Weryfikacja nie powiodła się',
      children: 'Sprawdź kod z SMS-a i spróbuj ponownie.',
    },
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(String(args.title));
  },
};
