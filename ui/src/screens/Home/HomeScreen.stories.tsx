import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { http, HttpResponse } from 'msw';
import { topRatedBrands } from '@brnd/contracts/api/brand-listings';
import { blogArticlesFixture, blogFailingHandlers, blogLoadingHandlers } from '@brnd/mocks/blog';
import { pending, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { cardTitle } from '../shared/blog-text.ts';
import { brandRow } from '../shared/voting-fixtures.ts';
import { HomeScreen } from './HomeScreen.tsx';

const meta = {
  title: 'Screens/Home',
  component: HomeScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

function section({ canvas }: Context, name: string) {
  return within(canvas.getByRole('heading', { level: 2, name }).closest('section')!);
}

/** Every block of the page, the top-voted brands and the latest three articles. */
export const Default: Story = {
  play: async (context) => {
    const { canvas, globals, userEvent, loaded } = context;
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('home.hero.title') }),
    ).toBeVisible();
    for (const key of ['tokens', 'sale', 'voting']) {
      await expect(
        canvas.getByRole('heading', { name: t.exact(`home.features.${key}.title`) }),
      ).toBeVisible();
    }
    for (const key of ['coffee', 'sports', 'games']) {
      await expect(
        canvas.getByRole('heading', { name: t.exact(`home.scenarios.${key}.title`) }),
      ).toBeVisible();
    }
    await expect(canvas.getByRole('img', { name: 'Kawa Ziarno' })).toBeVisible();
    await expect(canvas.getByText(t('home.whatWeDo.roles.vote'))).toBeVisible();
    await expect(canvas.getByText('20%')).toBeVisible();

    // The heading counts the brands it shows: the mocks' contest has fewer than the limit.
    const top = within(context.canvasElement.querySelector('#home-top')!.closest('section')!);
    const shown = (await top.findAllByRole('listitem')).length;
    await expect(shown).toBeGreaterThan(0);
    await expect(
      top.getByRole('heading', {
        level: 2,
        name: t.exact('home.topVoted.title', { homeTopRated: shown }),
      }),
    ).toBeVisible();

    const latest = section(context, t.exact('home.latest.title'));
    const posts = await latest.findAllByRole('heading', { level: 3 });
    await expect(posts).toHaveLength(3);
    await expect(posts[0]).toHaveTextContent(cardTitle(blogArticlesFixture[0]!.title));

    // The hero's loop can be stopped and started again (the tests ask for less motion, so it
    // waits for a click to move).
    await userEvent.click(canvas.getByRole('button', { name: t.exact('home.hero.play') }));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('home.hero.pause') }));
    await expect(canvas.getByRole('button', { name: t.exact('home.hero.play') })).toBeVisible();

    const apply = canvas.getAllByRole('link', { name: t.exact('home.applyNow') });
    await expect(apply).toHaveLength(2);
    await userEvent.click(apply[1]!);
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/register',
      undefined,
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(topRatedBrands), ...blogLoadingHandlers] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const statuses = await canvas.findAllByRole('status');
    const texts = statuses.map((status) => status.textContent);
    await expect(texts).toEqual([t.exact('home.topVoted.loading'), t.exact('home.latest.loading')]);
  },
};

export const EmptyBrands: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(`*${topRatedBrands.path}`, () => HttpResponse.json({ brands: { rows: [] } })),
      ],
    },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const top = section(context, t.exact('home.topVoted.title'));
    await expect(await top.findByText(t('home.topVoted.empty'))).toBeVisible();
  },
};

export const FeedAndBrandsFailing: Story = {
  parameters: { msw: { handlers: [serverError(topRatedBrands), ...blogFailingHandlers] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const latest = section(context, t.exact('home.latest.title'));
    await expect(await latest.findByText(t('home.latest.error'))).toBeVisible();
    const top = section(context, t.exact('home.topVoted.title'));
    await expect(await top.findByText(t('home.topVoted.empty'))).toBeVisible();
  },
};

/** The strip asks for the top 50 and links each brand to its page, long names cut to 24. */
const stripRequests: string[] = [];
export const TopVotedLinks: Story = {
  beforeEach: () => {
    stripRequests.length = 0;
  },
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/brands/toprated', ({ request }) => {
          stripRequests.push(new URL(request.url).search);
          return HttpResponse.json({
            brands: {
              rows: [
                {
                  ...brandRow(9, { name: 'The Extraordinarily Long Brand Name', votes: 12 }),
                },
              ],
            },
          });
        }),
      ],
    },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const top = section(context, t.exact('home.topVoted.title'));
    const link = await top.findByRole('link', { name: 'The Extraordinarily Long…' });
    await expect(link).toHaveAttribute('href', '/brand/9');
    await expect(link).toHaveAttribute('title', 'The Extraordinarily Long Brand Name');
    await expect(stripRequests).toEqual(['?limit=50']);
  },
};
