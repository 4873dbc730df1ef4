import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { DashboardHomeScreen } from './DashboardHomeScreen.tsx';

const meta = {
  title: 'Screens/DashboardHome',
  component: DashboardHomeScreen,
  parameters: {
    session: {
      token: 'session-token',
      email: 'anna@example.com',
      mobile: '+48600100200',
      name: 'Anna Nowak',
    },
  },
} satisfies Meta<typeof DashboardHomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const status = canvas.getByRole('region', { name: t.exact('dashboard.home.statusTitle') });
    await expect(within(status).getByText('anna@example.com')).toBeVisible();
    await expect(within(status).getByText('+48600100200')).toBeVisible();
    await expect(within(status).getAllByText(t('dashboard.home.verified'))).toHaveLength(2);
    await userEvent.click(
      canvas.getByRole('link', { name: t.exact('dashboard.home.editProfile') }),
    );
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/user/profile/person',
      undefined,
    );
  },
};
