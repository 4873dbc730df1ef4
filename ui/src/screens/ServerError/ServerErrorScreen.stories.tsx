import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { ServerErrorScreen } from './ServerErrorScreen.tsx';

const meta = {
  title: 'Screens/ServerError',
  component: ServerErrorScreen,
  args: { onRetry: fn() },
} satisfies Meta<typeof ServerErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('pages.serverError.title'),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('pages.tryAgain') }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('link', { name: t.exact('pages.backHome') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/', undefined);
  },
};
