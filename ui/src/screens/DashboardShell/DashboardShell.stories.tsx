import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { profile } from '@brnd/contracts/api/accounts';
import { pending, respondWith } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { expectFitsPhone, expectSideBySide, PHONE } from '../shared/story-helpers.ts';
// eslint-disable-next-line no-restricted-imports -- a layout's story shows it around a real screen
import { DashboardHomeScreen } from '../DashboardHome/DashboardHomeScreen.tsx';
import { DashboardShell } from './DashboardShell.tsx';

const ANNA = {
  token: 'session-token',
  email: 'anna@example.com',
  mobile: '+48600100200',
  name: 'Anna Nowak',
};
const profileLoaded = respondWith(profile, {
  user: {
    name: 'Anna Kowalska',
    email: ANNA.email,
    mobile: ANNA.mobile,
    address: 'ul. Długa 5, Gdańsk',
    language: 'en',
  },
});

const meta = {
  title: 'Screens/DashboardShell',
  component: DashboardShell,
  parameters: { layout: 'fullscreen', session: ANNA },
  args: { pathname: '/user/dashboard', children: <DashboardHomeScreen /> },
} satisfies Meta<typeof DashboardShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The profile's name wins over the cookie's, so a renamed user sees the new name. */
export const OnDashboard: Story = {
  parameters: { msw: { handlers: [profileLoaded] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: t.exact('dashboard.heading', { name: 'Anna Kowalska' }),
      }),
    ).toBeVisible();
    const tabs = canvas.getByRole('navigation', { name: t.exact('dashboard.tabs.label') });
    await expect(tabs).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('dashboard.tabs.dashboard') }),
    ).toHaveAttribute('aria-current', 'page');
    const kyc = canvas.getByRole('button', { name: t.exact('dashboard.kyc.button') });
    await expect(kyc).toBeDisabled();
    await expect(kyc).toHaveAccessibleDescription(t.exact('dashboard.kyc.note'));
    await userEvent.click(canvas.getByRole('link', { name: t.exact('dashboard.tabs.profile') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/profile/person',
      undefined,
    );
  },
};

/**
 * On a phone the greeting takes one line and the disabled KYC button sits beside its note, so the
 * tabs (and the tab's own content) come as high as they can.
 */
export const OnPhone: Story = {
  globals: PHONE,
  parameters: { msw: { handlers: [profileLoaded] } },
  play: async ({ canvas, canvasElement, globals }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('heading', {
      level: 1,
      name: t.exact('dashboard.heading', { name: 'Anna Kowalska' }),
    });
    const kyc = canvas.getByRole('button', { name: t.exact('dashboard.kyc.button') });
    await expectSideBySide(kyc, canvas.getByText(t('dashboard.kyc.note')));
    await expect(
      canvas.getByRole('navigation', { name: t.exact('dashboard.tabs.label') }),
    ).toBeVisible();
    await expectFitsPhone(canvasElement);
  },
};

export const OnProfile: Story = {
  args: { pathname: '/user/profile/person' },
  parameters: { msw: { handlers: [profileLoaded] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('link', { name: t.exact('dashboard.tabs.profile') }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(
      canvas.getByRole('link', { name: t.exact('dashboard.tabs.dashboard') }),
    ).not.toHaveAttribute('aria-current');
  },
};

/** Until the profile answers, the name from the session cookie is shown. */
export const ProfileLoading: Story = {
  parameters: { msw: { handlers: [pending(profile)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', {
        level: 1,
        name: t.exact('dashboard.heading', { name: ANNA.name }),
      }),
    ).toBeVisible();
  },
};
