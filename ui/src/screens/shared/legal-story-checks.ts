import { expect, type within } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';

type Canvas = ReturnType<typeof within>;

/** The spec's date on every text page, as each language writes it. */
export async function expectLastUpdated(canvas: Canvas, globals: Record<string, unknown>) {
  const t = storyIntl(globals);
  const date = globals.locale === 'po' ? '10 stycznia 2020' : 'January 10, 2020';
  const time = canvas.getByText(date);
  await expect(time).toHaveAttribute('datetime', '2020-01-10');
  await expect(time.parentElement).toHaveTextContent(t('legal.lastUpdated', { date }));
}
