import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { favouriteBrands } from '@brnd/contracts/api/brands';
import { pending, respondWith, serverError, voteCounted } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { brandRow } from '../shared/voting-fixtures.ts';
import { FavouriteBrands } from './FavouriteBrands.tsx';

const meta = {
  title: 'Screens/DashboardHome/FavouriteBrands',
  component: FavouriteBrands,
  parameters: { session: 'demo' },
} satisfies Meta<typeof FavouriteBrands>;

export default meta;
type Story = StoryObj<typeof meta>;

const favourites = (count: number, canVote: '0' | '1' = '1') =>
  respondWith(favouriteBrands, {
    brands: {
      rows: Array.from({ length: count }, (_, index) => ({
        ...brandRow(index + 1, { name: `Favourite brand number ${index + 1}`, can_vote: canVote }),
        myvotes: count - index,
      })),
    },
  });

/** The demo user's favourites, most votes first; today's votes say when to vote again. */
export const List: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const list = await canvas.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('Pixel Forge');
    await expect(rows[0]).toHaveTextContent(t('voting.favourites.myVotes', { votes: 3 }));
    // Voted for 2 hours ago: the server's status says when the window lets the user vote again.
    await expect(rows[0]).toHaveTextContent(
      new RegExp(t('voting.vote.againAfter', { timeInHours: 999 }).replace('999', '\\d+')),
    );
  },
};

/** Five at most, each name cut after 15 characters. */
export const TopFiveTruncated: Story = {
  parameters: { msw: { handlers: [favourites(7)] } },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const [first] = within(list).getAllByRole('link');
    await expect(first).toHaveTextContent(/^Favourite brand…$/);
    await expect(first).toHaveAttribute('title', 'Favourite brand number 1');
  },
};

/** A vote from the dashboard counts like one on the voting page. */
export const VoteFromDashboard: Story = {
  parameters: { msw: { handlers: [favourites(1), voteCounted(brandRow(1))] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const button = await canvas.findByRole('button', {
      name: `${t('voting.vote.button')} ${t('voting.vote.buttonFor', { name: 'Favourite brand number 1' })}`,
    });
    await userEvent.click(button);
    await expectToast(t, 'success', t('voting.vote.thanks'));
    await expect(
      await canvas.findByText(
        new RegExp(t('voting.vote.againAfter', { timeInHours: 999 }).replace('999', '\\d+')),
      ),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [respondWith(favouriteBrands, { brands: { rows: [] } })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('voting.favourites.empty'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('voting.favourites.goVote') }),
    ).toHaveAttribute('href', '/voting');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(favouriteBrands)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('voting.favourites.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(favouriteBrands)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('voting.favourites.error'))).toBeVisible();
  },
};

/** Out of votes: the button explains the limit, as on the voting page. */
export const LimitReached: Story = {
  parameters: { msw: { handlers: [favourites(1, '0')] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const button = await canvas.findByRole('button', {
      name: `${t('voting.vote.button')} ${t('voting.vote.buttonFor', { name: 'Favourite brand number 1' })}`,
    });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    // The spec's words; the hours that follow come from the server's vote status.
    await expect(button).toHaveAccessibleDescription(
      expect.stringContaining(t('voting.vote.limitTooltip', { timeInHours: 1 }).split(/\d/)[0]!),
    );
  },
};
