/// <reference types="mdx" />
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MDXContent } from 'mdx/types';
import { expect } from 'storybook/test';
import CopyDeckPage from './CopyDeck.mdx';
import DesignTokensPage from './DesignTokens.mdx';
import IntroductionPage from './Introduction.mdx';
import SpecStatesPage from './SpecStates.mdx';

/**
 * The MDX docs pages as tests: each renders here, in both languages' runs, and the accessibility
 * check (axe, as for every story) fails it on a violation: an empty link, a table without
 * headers, a skipped heading level. Hidden from the sidebar and from Chromatic: the pages
 * themselves are under Docs.
 */
function DocsPage({ page: Page }: { page: MDXContent }) {
  return (
    <main>
      <Page />
    </main>
  );
}

const meta = {
  title: 'Docs/Pages as tests',
  component: DocsPage,
  tags: ['!dev', '!autodocs'],
  parameters: { chromatic: { disableSnapshot: true } },
} satisfies Meta<typeof DocsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

function page(Page: MDXContent, heading: string): Story {
  return {
    args: { page: Page },
    play: async ({ canvas }) => {
      await expect(canvas.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    },
  };
}

export const Introduction = page(IntroductionPage, 'The BRND design system');
export const DesignTokens = page(DesignTokensPage, 'Design tokens');
/**
 * The check runs on the deck narrowed by its search: axe over every one of its thousands of rows
 * takes half a minute, and the rows all share one shape.
 */
export const CopyDeck: Story = {
  args: { page: CopyDeckPage },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Copy deck' })).toBeVisible();
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Find a key or text' }),
      'vote again',
    );
    await expect(canvas.getAllByRole('row').length).toBeGreaterThan(1);
  },
};
export const SpecStates = page(SpecStatesPage, 'Index of the states the product rules name');
