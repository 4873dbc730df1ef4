import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { polish } from '../../testing/polish.ts';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { HomeScreen } from './HomeScreen.tsx';

const meta = {
  title: 'Screens/Home',
  component: HomeScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('home.hero.title') }),
    ).toBeVisible();
    for (const key of ['tokens', 'sale', 'voting']) {
      await expect(
        canvas.getByRole('heading', { name: t(`home.features.${key}.title`) }),
      ).toBeVisible();
    }
    const apply = canvas.getAllByRole('link', { name: t('home.applyNow') });
    await expect(apply).toHaveLength(2);
    await userEvent.click(apply[0]!);
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/register',
      undefined,
    );
  },
};
export const DefaultPolish = polish(Default);
