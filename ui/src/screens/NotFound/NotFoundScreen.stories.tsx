import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { NotFoundScreen } from './NotFoundScreen.tsx';

const meta = {
  title: 'Screens/NotFound',
  component: NotFoundScreen,
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('pages.notFound.title'),
    );
    await userEvent.click(canvas.getByRole('link', { name: t.exact('pages.backHome') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/', undefined);
  },
};
