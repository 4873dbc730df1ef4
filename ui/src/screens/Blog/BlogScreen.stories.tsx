import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  blogArticlesFixture,
  blogEmptyHandlers,
  blogFailingHandlers,
  blogHandlersFor,
  blogLoadingHandlers,
} from '@brnd/mocks/blog';
import { storyIntl } from '../../testing/story-intl.ts';
import { cardTitle } from '../shared/blog-text.ts';
import { BlogScreen } from './BlogScreen.tsx';

const meta = {
  title: 'Screens/Blog',
  component: BlogScreen,
  parameters: { layout: 'fullscreen', msw: { handlers: blogHandlersFor(blogArticlesFixture) } },
} satisfies Meta<typeof BlogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

async function cards({ canvas, globals }: Context) {
  const t = storyIntl(globals);
  const nav = await canvas.findByRole('navigation', { name: t.exact('blog.articles') });
  return within(within(nav).getByRole('list')).getAllByRole('listitem');
}

/** Three cards; the newest article is open; choosing a card opens its full text. */
export const Articles: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context;
    const [first, second] = blogArticlesFixture;
    await expect(await cards(context)).toHaveLength(3);
    await expect(canvas.getByRole('heading', { level: 2, name: first!.title })).toBeVisible();
    const date = new Intl.DateTimeFormat(context.globals.locale === 'po' ? 'pl' : 'en', {
      dateStyle: 'long',
    }).format(new Date(first!.pubDate));
    await expect(canvas.getAllByText(date, { exact: false }).length).toBeGreaterThan(0);

    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(cardTitle(second!.title).slice(0, 20)) }),
    );
    await expect(canvas.getByRole('heading', { level: 2, name: second!.title })).toBeVisible();
    await expect(canvas.getByText(/five tiers of 80,000,000 BRND/)).toBeVisible();
  },
};

/** 'load more articles' waits two seconds, then shows four more cards. */
export const LoadMore: Story = {
  play: async (context) => {
    const t = storyIntl(context.globals);
    await expect(await cards(context)).toHaveLength(3);
    const more = context.canvas.getByRole('button', { name: t.exact('blog.loadMore') });
    await context.userEvent.click(more);
    await expect(more).toHaveAttribute('aria-busy', 'true');
    await expect(await cards(context)).toHaveLength(3);
    await waitFor(async () => expect(await cards(context)).toHaveLength(7), { timeout: 4_000 });
  },
};

/** Long titles are cut at 40 characters on the cards, whole above the article. */
export const LongTitle: Story = {
  parameters: {
    msw: {
      handlers: blogHandlersFor([
        {
          ...blogArticlesFixture[0]!,
          title: 'A very long article title about brand loyalty tokens and voting',
        },
      ]),
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('A very long article title about brand lo…'),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', {
        level: 2,
        name: 'A very long article title about brand loyalty tokens and voting',
      }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: blogLoadingHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('blog.loading'));
  },
};

export const FeedError: Story = {
  parameters: { msw: { handlers: blogFailingHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('blog.feedError'));
    await expect(canvas.getByRole('button', { name: t.exact('blog.retry') })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: blogEmptyHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('blog.empty'))).toBeVisible();
  },
};
