import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { Navbar } from './Navbar.tsx';

const meta = {
  component: Navbar,
  tags: ['autodocs'],
  args: { session: null, onLogout: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Navbar>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile1', isRotated: false } };

export const LoggedOut: Story = {
  play: async ({ canvas, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    const nav = canvas.getByRole('navigation', { name: t.exact('nav.main') });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.exact('nav.ico') })).toHaveAttribute(
      'href',
      '/ico',
    );
    await expect(canvas.getByRole('link', { name: t.exact('nav.howItWorks') })).toHaveAttribute(
      'href',
      '/#howitworks',
    );
    await expect(canvas.getByRole('link', { name: t.exact('nav.signUp') })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(canvas.queryByText(t('nav.beta'))).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('link', { name: t.exact('nav.signIn') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/login',
      undefined,
    );
  },
};

export const LoggedIn: Story = {
  args: { session: { email: 'anna.kowalska@example.com' } },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByText(t('nav.beta'))).toBeVisible();
    await expect(
      canvas.queryByRole('link', { name: t.exact('nav.signIn') }),
    ).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: /anna\.kowalska@example\.com/ }));
    await expect(screen.getByRole('menuitem', { name: t.exact('nav.dashboard') })).toHaveAttribute(
      'href',
      '/user/dashboard',
    );
    await expect(screen.getByRole('menuitem', { name: t.exact('nav.profile') })).toHaveAttribute(
      'href',
      '/user/profile/person',
    );
    // Not an operator: no console in the menu.
    await expect(screen.queryByRole('menuitem', { name: t.exact('nav.console') })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: t.exact('nav.logOut') }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** An operator finds the console in the account menu instead of typing /admin. */
export const Operator: Story = {
  args: { session: { email: 'operator@brnd.example', operator: true } },
  play: async ({ canvas, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: /operator@brnd\.example/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: t.exact('nav.console') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/admin',
      undefined,
    );
  },
};

export const UserMenuNavigates: Story = {
  args: { session: { email: 'anna.kowalska@example.com' } },
  play: async ({ args, canvas, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: /anna\.kowalska@example\.com/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: t.exact('nav.profile') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/profile/person',
      undefined,
    );
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

export const Mobile: Story = {
  globals: mobile,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const menuButton = canvas.getByRole('button', { name: t.exact('nav.menu') });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(
      canvas.queryByRole('link', { name: t.exact('nav.voting') }),
    ).not.toBeInTheDocument();

    await userEvent.click(menuButton);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: t.exact('nav.voting') })).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.exact('nav.signUp') })).toBeVisible();

    // Following a link folds the menu again.
    await userEvent.click(canvas.getByRole('link', { name: t.exact('nav.voting') }));
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  },
};

export const MobileLoggedIn: Story = {
  args: { session: { email: 'anna.kowalska@example.com' } },
  globals: mobile,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('nav.menu') }));
    await expect(canvas.getByText(t('nav.beta'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: /anna\.kowalska@example\.com/ })).toBeVisible();
  },
};
