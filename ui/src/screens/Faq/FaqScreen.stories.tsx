import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { expectLastUpdated } from '../shared/legal-story-checks.ts';
import { FaqScreen } from './FaqScreen.tsx';

const meta = {
  component: FaqScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FaqScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Twelve questions in English, thirteen in Polish (the spec's counts), each with an anchor. */
export const Default: Story = {
  play: async ({ canvas, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    const polishPage = globals.locale === 'po';
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('faq.title') }),
    ).toBeVisible();
    await expectLastUpdated(canvas, globals);

    const contents = canvas.getByRole('navigation', { name: t.exact('legal.contents') });
    const links = within(contents).getAllByRole('link');
    await expect(links).toHaveLength(polishPage ? 13 : 12);
    await expect(links[6]).toHaveAttribute('href', '#q7');
    await expect(links[6]).toHaveTextContent(t('faq.q7.question'));

    const vatQuestion = canvas.queryByRole('heading', {
      level: 2,
      name: new RegExp(t('faq.q13.question')),
    });
    if (polishPage) await expect(vatQuestion).toBeVisible();
    else await expect(vatQuestion).not.toBeInTheDocument();

    // Answers quote the platform's constants: 10 votes every 24 hours.
    const voting = canvas.getByRole('region', { name: `10. ${t('faq.q10.question')}` });
    await expect(voting).toHaveTextContent(t('faq.q10.answer', { votes: 10, hours: 24 }));

    await userEvent.click(
      canvas.getByRole('link', { name: polishPage ? 'Napisz do nas' : 'Write to us' }),
    );
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/contact',
      undefined,
    );
  },
};
