import { expect, type within } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';

type Canvas = ReturnType<typeof within>;

/** The date the text pages last changed, as each language writes it. */
export async function expectLastUpdated(canvas: Canvas, globals: Record<string, unknown>) {
  const t = storyIntl(globals);
  const date = globals.locale === 'po' ? '26 listopada 2026' : 'November 26, 2026';
  const time = canvas.getByText(date);
  await expect(time).toHaveAttribute('datetime', '2026-11-26');
  await expect(time.parentElement).toHaveTextContent(t('legal.lastUpdated', { date }));
}
