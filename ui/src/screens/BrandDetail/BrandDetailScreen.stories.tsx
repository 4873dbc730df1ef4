import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { brandDetails } from '@brnd/contracts/api/brands';
import {
  brandNotFound,
  pending,
  respondWith,
  serverError,
  voteCounted,
  voteLimitReached,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { brandRow } from '../shared/voting-fixtures.ts';
import { BrandDetailScreen } from './BrandDetailScreen.tsx';

const kawa = brandRow(7, {
  name: 'Kawa Ziarno',
  website: 'kawaziarno.pl',
  description: 'Speciality coffee roasted in Kraków, delivered fresh every week.',
  votes: 41,
  country: 'PL',
  facebook: 'facebook.com/kawaziarno',
  instagram: 'https://instagram.com/kawaziarno',
});
const found = (overrides: Partial<typeof kawa> = {}) =>
  respondWith(brandDetails, { brands: { rows: [{ ...kawa, ...overrides }] } });

/** What the stubbed clipboard received in the running story. */
const copied: string[] = [];

const meta = {
  title: 'Screens/BrandDetail/Screen',
  component: BrandDetailScreen,
  args: { brandId: '7' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BrandDetailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

function voteButtonName(t: ReturnType<typeof storyIntl>) {
  return `${t('voting.vote.button')} ${t('voting.vote.buttonFor', { name: 'Kawa Ziarno' })}`;
}

/** Everything about the brand, and the panel on how voting pays. */
export const Found: Story = {
  parameters: { msw: { handlers: [found()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Kawa Ziarno' }),
    ).toBeVisible();
    await expect(canvas.getByText(kawa.description)).toBeVisible();
    await expect(canvas.getByText(globals.locale === 'po' ? 'Polska' : 'Poland')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'kawaziarno.pl' })).toHaveAttribute(
      'href',
      'https://kawaziarno.pl',
    );
    await expect(canvas.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/kawaziarno',
    );
    await expect(canvas.getByRole('link', { name: 'Instagram' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'LinkedIn' })).toBeNull();
    await expect(canvas.getByText('41')).toBeVisible();
    const panel = canvas.getByRole('complementary', { name: t.exact('voting.detail.panelTitle') });
    await expect(within(panel).getByText(t('voting.detail.panelDaily'))).toBeVisible();
    await expect(within(panel).getByText(t('voting.detail.panelReward'))).toBeVisible();
  },
};

/** An id that matches no brand. */
export const NotFound: Story = {
  args: { brandId: '999999' },
  parameters: { msw: { handlers: [brandNotFound()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t.exact('voting.detail.notFound') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('voting.detail.backToVoting') }),
    ).toBeVisible();
  },
};

/** /brand/abc is no brand either, without asking the server. */
export const MalformedId: Story = {
  args: { brandId: 'abc' },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('voting.detail.notFound') }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(brandDetails)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('voting.detail.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(brandDetails)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
  },
};

/** Voting here counts like on the voting page. */
export const Vote: Story = {
  parameters: {
    session: 'demo',
    msw: { handlers: [found(), voteCounted(kawa)] },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(await canvas.findByRole('button', { name: voteButtonName(t) }));
    await expectToast(t, 'success', t('voting.vote.thanks'));
    await expect(await canvas.findByText(t('voting.card.voted'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: voteButtonName(t) })).toBeDisabled();
    await expect(canvas.getByText('42')).toBeVisible();
  },
};

/** A visitor logs in and comes back to this brand. */
export const VoteLoggedOut: Story = {
  parameters: { msw: { handlers: [found()] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await userEvent.click(await canvas.findByRole('button', { name: voteButtonName(t) }));
    const { navigation } = storyRecorders(loaded);
    await expect(navigation.navigate).toHaveBeenCalledWith('/login', {
      search: { redirect: '/brand/7' },
    });
  },
};

/** Out of votes: the button explains the limit. */
export const LimitReached: Story = {
  parameters: { session: 'demo', msw: { handlers: [found(), voteLimitReached()] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(await canvas.findByRole('button', { name: voteButtonName(t) }));
    await expectToast(t, 'danger', t('voting.vote.limitExceeded'));
    const limited = canvas.getByRole('button', { name: voteButtonName(t) });
    await expect(limited).toHaveAttribute('aria-disabled', 'true');
    // The spec's words; the hours that follow come from the server's vote status.
    await expect(limited).toHaveAccessibleDescription(
      expect.stringContaining(t('voting.vote.limitTooltip', { timeInHours: 1 }).split(/\d/)[0]!),
    );
  },
};

/** The share button copies the page's address and says so. */
export const CopyLink: Story = {
  parameters: { msw: { handlers: [found()] } },
  beforeEach: () => {
    copied.length = 0;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    return () => {
      delete (navigator as { clipboard?: unknown }).clipboard;
    };
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.exact('voting.detail.copyLink') }),
    );
    await expect(await canvas.findByText(t('voting.detail.copied'))).toBeVisible();
    await expect(copied).toEqual([window.location.href]);
  },
};
