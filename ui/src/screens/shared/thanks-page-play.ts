import { expect } from 'storybook/test';
import type { StoryContext } from '@storybook/react-vite';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';

/** The thanks pages' shared check: their text, then BACK TO HOME and CONTACT US lead on. */
export async function playThanksPage(
  { canvas, globals, userEvent, loaded }: StoryContext,
  titleId: string,
) {
  const t = storyIntl(globals);
  await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t(titleId));
  const { navigation } = storyRecorders(loaded);
  await userEvent.click(canvas.getByRole('link', { name: t.exact('accounts.common.backHome') }));
  await expect(navigation.navigate).toHaveBeenLastCalledWith('/', undefined);
  await userEvent.click(canvas.getByRole('link', { name: t.exact('accounts.common.contactUs') }));
  await expect(navigation.navigate).toHaveBeenLastCalledWith('/contact', undefined);
}
