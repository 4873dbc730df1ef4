import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { logout } from '@brnd/contracts/api/session';
import { respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
// eslint-disable-next-line no-restricted-imports -- a layout's story shows it around a real screen
import { HomeScreen } from '../Home/HomeScreen.tsx';
import { SiteLayout } from './SiteLayout.tsx';

const ANNA = {
  token: 'session-token',
  email: 'anna@example.com',
  mobile: '+48600100200',
  name: 'Anna Nowak',
};

const meta = {
  title: 'Screens/SiteLayout',
  component: SiteLayout,
  parameters: { layout: 'fullscreen' },
  args: { children: <HomeScreen /> },
} satisfies Meta<typeof SiteLayout>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

async function logOut({ canvas, globals, userEvent }: Context) {
  const t = storyIntl(globals);
  await userEvent.click(canvas.getByRole('button', { name: new RegExp(ANNA.email) }));
  await userEvent.click(await screen.findByRole('menuitem', { name: t.exact('nav.logOut') }));
}

export const LoggedOut: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('navigation', { name: t.exact('nav.main') })).toBeVisible();
    await expect(canvas.getByRole('main')).toContainElement(
      canvas.getByRole('heading', { level: 1, name: t.exact('home.hero.title') }),
    );
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.exact('nav.signIn') })).toBeVisible();
  },
};

/** Log Out ends the server session, forgets it here and goes home. */
export const LogOut: Story = {
  parameters: { session: ANNA, msw: { handlers: [respondWith(logout, { message: 'success' })] } },
  play: async (context) => {
    const { navigation, session } = storyRecorders(context.loaded);
    await logOut(context);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/'));
    await waitFor(() => expect(session.signOut).toHaveBeenCalledOnce());
    await expect(
      context.canvas.getByRole('link', { name: storyIntl(context.globals)('nav.signIn') }),
    ).toBeVisible();
  },
};

/** The server could not be told: this browser still logs out. */
export const LogOutServerError: Story = {
  parameters: { session: ANNA, msw: { handlers: [serverError(logout)] } },
  play: async (context) => {
    const { navigation, session } = storyRecorders(context.loaded);
    await logOut(context);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/'));
    await waitFor(() => expect(session.signOut).toHaveBeenCalledOnce());
  },
};
