import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CopyDeck } from './CopyDeck.tsx';

const meta = {
  title: 'Docs/Parts/Copy deck',
  component: CopyDeck,
} satisfies Meta<typeof CopyDeck>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every key of locales/, with a search over keys and both languages' text. */
export const AllMessages: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Find a key or text' }),
      'vote again',
    );
    const rows = canvas.getAllByRole('row').slice(1);
    await expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) await expect(row).toHaveTextContent(/vote again/i);
  },
};

/** What a reviewer is shown first: keys missing in one language, or left untranslated. */
export const Findings: Story = {
  args: {
    en: {
      'common.share': '{value} %',
      'nav.blog': 'Blog',
      'voting.title': 'Vote',
      'sale.new': 'New',
    },
    pl: {
      'common.share': '{value} %',
      'nav.blog': 'Blog',
      'voting.title': 'Głosuj',
      'sale.old': 'Stary',
    },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('5 keys, 3 flagged.')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Only flagged keys' }));
    const rows = canvas.getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.textContent)).toEqual([
      'nav.blogBlogBlogSame in both',
      'sale.newNewNo Polish',
      'sale.oldStaryNo English',
    ]);
  },
};
