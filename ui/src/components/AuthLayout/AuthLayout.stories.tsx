import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { PasswordField } from '../PasswordField/PasswordField.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { AuthLayout } from './AuthLayout.tsx';

const meta = {
  component: AuthLayout,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Sign in',
    subtitle: 'Welcome back to BRND.',
    children: (
      <form onSubmit={(event) => event.preventDefault()}>
        <TextField label="E-mail" name="email" type="email" autoComplete="email" />
        <PasswordField label="Password" name="password" autoComplete="current-password" />
        <Button type="submit" fullWidth>
          Sign in
        </Button>
      </form>
    ),
  },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

const polishForm = {
  title: 'Logowanie',
  subtitle: 'Witamy ponownie w BRND.',
  children: (
    <form onSubmit={(event) => event.preventDefault()}>
      <TextField label="E-mail" name="email" type="email" autoComplete="email" />
      <PasswordField label="Hasło" name="password" autoComplete="current-password" />
      <Button type="submit" fullWidth>
        Zaloguj się
      </Button>
    </form>
  ),
};

export const Default: Story = {
  parameters: { polishArgs: polishForm },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: args.title })).toBeVisible();
    await expect(canvas.queryByRole('complementary')).not.toBeInTheDocument();
  },
};

export const WithAside: Story = {
  args: {
    title: 'Create your account',
    subtitle: undefined,
    aside: (
      <>
        <h2>For users</h2>
        <p>Collect loyalty tokens from the brands you love and vote for your favourites.</p>
        <h2>For brands</h2>
        <p>Issue your own token and reward your customers.</p>
      </>
    ),
  },
  parameters: {
    polishArgs: {
      ...polishForm,
      title: 'Załóż konto',
      subtitle: undefined,
      aside: (
        <>
          <h2>Dla użytkowników</h2>
          <p>Zbieraj tokeny lojalnościowe ulubionych marek i głosuj na swoich faworytów.</p>
          <h2>Dla marek</h2>
          <p>Wyemituj własny token i nagradzaj klientów.</p>
        </>
      ),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('complementary')).toBeVisible();
  },
};

export const Mobile: Story = {
  parameters: { polishArgs: polishForm },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: args.title })).toBeVisible();
  },
};
