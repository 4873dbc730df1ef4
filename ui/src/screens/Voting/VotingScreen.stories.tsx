import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { topRatedBrands } from '@brnd/contracts/api/brand-listings';
import {
  addBrand,
  brandPreview,
  contestWinners,
  searchBrands,
  vote,
} from '@brnd/contracts/api/brands';
import { VOTE_WINDOW_HOURS } from '@brnd/contracts/domain/constants';
import {
  alreadyVoted,
  declaredError,
  lastVoteOfTheWindow,
  pending,
  previewUnreachable,
  respondWith,
  serverBusy,
  serverError,
  voteLimitReached,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import {
  expectFitsPhone,
  expectPlaceholderFits,
  expectSingleLine,
  expectToast,
  PHONE,
} from '../shared/story-helpers.ts';
import { brandRow, brandRows } from '../shared/voting-fixtures.ts';
import { URL_CHECK_DELAY_MS } from './url-check.ts';
import { VotingScreen } from './VotingScreen.tsx';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type Translate = ReturnType<typeof storyIntl>;

const meta = {
  title: 'Screens/Voting/Screen',
  component: VotingScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VotingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The top rated list's card of this brand, once the list has loaded. */
async function card(canvas: Canvas, name: string) {
  return canvas.findByRole('article', { name }, { timeout: 5000 });
}

function voteButton(t: Translate, within_: ReturnType<typeof within>, name: string) {
  return within_.getByRole('button', {
    name: `${t('voting.vote.button')} ${t('voting.vote.buttonFor', { name })}`,
  });
}

const limitText = (t: Translate) =>
  t('voting.vote.limitTooltip', { timeInHours: VOTE_WINDOW_HOURS });

/** On a phone: the search box shows its whole hint, and the cards stay inside the screen. */
export const OnPhone: Story = {
  globals: PHONE,
  play: async ({ canvas, canvasElement, globals }) => {
    const t = storyIntl(globals);
    await card(canvas, 'Ledgerly');
    const search = canvas.getByRole('combobox', { name: t.exact('voting.search.label') });
    await expectPlaceholderFits(search as HTMLInputElement);
    await expectFitsPhone(canvasElement);
  },
};

/** A visitor sees every list and is sent to log in (coming back to /voting) to vote. */
export const LoggedOut: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const ledgerly = within(await card(canvas, 'Ledgerly'));
    await userEvent.click(voteButton(t, ledgerly, 'Ledgerly'));
    const { navigation } = storyRecorders(loaded);
    await expect(navigation.navigate).toHaveBeenCalledWith('/login', { search: { voting: '' } });
  },
};

/** A visitor who came with a vote referral link registers with its code. */
export const LoggedOutWithReferral: Story = {
  args: { referralCode: 'DEMO1234-vote' },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const amberline = within(await card(canvas, 'Amberline'));
    await userEvent.click(voteButton(t, amberline, 'Amberline'));
    const { navigation } = storyRecorders(loaded);
    await expect(navigation.navigate).toHaveBeenCalledWith('/register', {
      search: { code: 'DEMO1234-vote' },
    });
  },
};

/** A vote counts at once: one more vote, the 'voted' label and a disabled button. */
export const CanVote: Story = {
  parameters: { session: 'demo' },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const ledgerly = within(await card(canvas, 'Ledgerly'));
    const count = ledgerly.getByText(/\d.*(vote|głos)/);
    const before = Number((count.textContent ?? '').replace(/\D/g, ''));
    await userEvent.click(voteButton(t, ledgerly, 'Ledgerly'));
    await expectToast(t, 'success', t('voting.vote.thanks'));
    await expect(await ledgerly.findByText(t('voting.card.voted'))).toBeVisible();
    await expect(voteButton(t, ledgerly, 'Ledgerly')).toBeDisabled();
    await expect(ledgerly.getByText(t('voting.card.votes', { votes: before + 1 }))).toBeVisible();
  },
};

/** The vote that uses up the window: its answer puts every other button at the limit at once. */
export const LastVoteOfTheWindow: Story = {
  parameters: { session: 'demo', msw: { handlers: [lastVoteOfTheWindow()] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const ledgerly = within(await card(canvas, 'Ledgerly'));
    await userEvent.click(voteButton(t, ledgerly, 'Ledgerly'));
    await expectToast(t, 'success', t('voting.vote.thanks'));
    await expect(await ledgerly.findByText(t('voting.card.voted'))).toBeVisible();
    const amberline = within(await card(canvas, 'Amberline'));
    const button = voteButton(t, amberline, 'Amberline');
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.hover(button);
    await expect(amberline.getByRole('tooltip')).toHaveTextContent(limitText(t));
  },
};

/** A brand voted for in this window: the label, a disabled button and why, on hover. */
export const Voted: Story = {
  parameters: { session: 'demo' },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const pixelForge = within(await card(canvas, 'Pixel Forge'));
    await expect(pixelForge.getByText(t('voting.card.voted'))).toBeVisible();
    const button = voteButton(t, pixelForge, 'Pixel Forge');
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(
      `${t.exact('errors.alreadyVoted')} ${t.exact('voting.vote.invite')}`,
    );
    await userEvent.hover(button.parentElement as HTMLElement);
    await expect(pixelForge.getByRole('tooltip')).toBeVisible();
  },
};

/**
 * Out of votes: the page says so (voting.limitExceeded, you have to wait) and every button's tooltip
 * gives the wait ("You've reached the daily limit of votes. Come back in 24 hours.").
 */
export const LimitReached: Story = {
  parameters: { session: 'demo', msw: { handlers: [voteLimitReached()] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const amberline = within(await card(canvas, 'Amberline'));
    await userEvent.click(voteButton(t, amberline, 'Amberline'));
    // The page's own notice (the toast says it too, on top).
    await waitFor(async () => {
      const notices = await canvas.findAllByText(t('voting.vote.limitExceeded'));
      await expect(notices.some((notice) => notice.closest('[role="status"]'))).toBe(true);
    });
    await expect(await canvas.findByText(t('voting.vote.limitWait'))).toBeVisible();
    const button = voteButton(t, amberline, 'Amberline');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(button);
    const tip = amberline.getByRole('tooltip');
    await expect(tip).toBeVisible();
    await expect(tip).toHaveTextContent(limitText(t));
  },
};

/**
 * A month-end rush: the bff had no database connection free and answers 503. The toast asks to
 * try again in a moment; the card is not marked voted and its button stays there to try again.
 */
export const VoteDuringRush: Story = {
  parameters: { session: 'demo', msw: { handlers: [serverBusy(vote)] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const ledgerly = within(await card(canvas, 'Ledgerly'));
    await userEvent.click(voteButton(t, ledgerly, 'Ledgerly'));
    await expectToast(t, 'danger', t('errors.busy'));
    await expect(ledgerly.queryByText(t('voting.card.voted'))).toBeNull();
    await expect(voteButton(t, ledgerly, 'Ledgerly')).toBeEnabled();
  },
};

/** The server says this brand already has the user's vote (another tab voted): the card agrees. */
export const AlreadyVotedForBrand: Story = {
  parameters: { session: 'demo', msw: { handlers: [alreadyVoted()] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const ledgerly = within(await card(canvas, 'Ledgerly'));
    await userEvent.click(voteButton(t, ledgerly, 'Ledgerly'));
    await expectToast(t, 'danger', `${t('errors.alreadyVoted')} ${t('voting.vote.invite')}`);
    await expect(await ledgerly.findByText(t('voting.card.voted'))).toBeVisible();
    await expect(voteButton(t, ledgerly, 'Ledgerly')).toBeDisabled();
  },
};

/** Suggestions as the user types; Enter adds a tag with its results; removing it goes back. */
export const SearchWithResults: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const box = canvas.getByRole('combobox', { name: t.exact('voting.search.label') });
    await userEvent.type(box, 'ledg');
    const list = await canvas.findByRole('listbox');
    await expect(within(list).getByRole('option', { name: 'Ledgerly' })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    const results = await canvas.findByRole('list', {
      name: `${t('voting.search.results')}: ledg`,
    });
    await expect(within(results).getAllByRole('article')).toHaveLength(1);
    await expect(within(results).getByRole('article', { name: 'Ledgerly' })).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('voting.search.removeTag', { tag: 'ledg' }) }),
    );
    await expect(
      await canvas.findByRole('tab', { name: t.exact('voting.sections.toprated') }),
    ).toBeVisible();
  },
};

/** Two tags show both results; picking a suggestion shows only that brand. */
export const PickSuggestion: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const box = canvas.getByRole('combobox', { name: t.exact('voting.search.label') });
    await userEvent.type(box, 'amber{Enter}');
    await userEvent.type(box, 'coin{Enter}');
    const results = await canvas.findByRole(
      'list',
      { name: `${t('voting.search.results')}: amber, coin` },
      { timeout: 4000 },
    );
    await waitFor(() => expect(within(results).getAllByRole('article')).toHaveLength(2));
    await userEvent.type(box, 'peak');
    await userEvent.click(await canvas.findByRole('option', { name: 'Peak Form' }));
    const picked = await canvas.findByRole('list', { name: t.exact('voting.search.picked') });
    await expect(within(picked).getAllByRole('article')).toHaveLength(1);
    await expect(within(picked).getByRole('article', { name: 'Peak Form' })).toBeVisible();
  },
};

/** Arrow keys move through the suggestions and Enter picks the highlighted one. */
export const SuggestionKeyboard: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const box = canvas.getByRole('combobox', { name: t.exact('voting.search.label') });
    await userEvent.type(box, 'vistula');
    await canvas.findByRole('option', { name: 'Vistula Runners' });
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('option', { name: 'Vistula Runners' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    const picked = await canvas.findByRole('list', { name: t.exact('voting.search.picked') });
    await expect(within(picked).getByRole('article', { name: 'Vistula Runners' })).toBeVisible();
  },
};

/** No brand matches: the not-found modal, and no tag is left behind. */
export const NoResult: Story = {
  parameters: {
    msw: { handlers: [respondWith(searchBrands, { brands: { rows: [], rowCount: 0 } })] },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const box = canvas.getByRole('combobox', { name: t.exact('voting.search.label') });
    await userEvent.type(box, 'qwertyuiop{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('voting.search.notFoundTitle'),
    });
    await expect(dialog).toHaveAccessibleDescription(t.exact('voting.search.notFound'));
    await expect(canvas.queryByRole('list', { name: t.exact('voting.search.tags') })).toBeNull();
    // The text comes back, so a typo can be fixed.
    await expect(box).toHaveValue('qwertyuiop');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(topRatedBrands)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('voting.list.loading'))).toBeInTheDocument();
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(topRatedBrands)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('voting.list.error'));
    await expect(canvas.getByRole('button', { name: t.exact('voting.list.retry') })).toBeVisible();
  },
};

/** An industry without brands says so. */
export const EmptyIndustry: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/brands/toprated', ({ request }) =>
          new URL(request.url).searchParams.get('industry') === 'gaming'
            ? HttpResponse.json({ brands: { rows: [] } })
            : undefined,
        ),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await card(canvas, 'Amberline');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t.exact('voting.industry.label') }),
      'gaming',
    );
    await expect(await canvas.findByText(t('voting.list.empty'))).toBeVisible();
  },
};

/** 12 cards, 6 more per "load more", then 'All brands are loaded!'. */
export const LoadMore: Story = {
  parameters: {
    msw: { handlers: [respondWith(topRatedBrands, { brands: { rows: brandRows(20) } })] },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await card(canvas, 'Brand 1');
    const list = () =>
      canvas.getByRole('list', { name: new RegExp(t('voting.sections.toprated')) });
    await expect(within(list()).getAllByRole('article')).toHaveLength(12);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.list.loadMore') }));
    await expect(within(list()).getAllByRole('article')).toHaveLength(18);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.list.loadMore') }));
    await expect(within(list()).getAllByRole('article')).toHaveLength(20);
    await expect(canvas.getByText(t('voting.list.allLoaded'))).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: t.exact('voting.list.loadMore') }),
    ).toBeNull();
  },
};

/** Long names and websites are cut to 24 characters; the whole text stays in the title. */
export const LongNames: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(topRatedBrands, {
          brands: {
            rows: [
              brandRow(1, {
                name: 'The Extraordinarily Long Brand Name',
                website: 'extraordinarily-long-brand.example',
              }),
            ],
          },
        }),
      ],
    },
  },
  play: async ({ canvas }) => {
    const article = within(await card(canvas, 'The Extraordinarily Long Brand Name'));
    const link = article.getByRole('link', { name: 'The Extraordinarily Long…' });
    await expect(link).toHaveAttribute('title', 'The Extraordinarily Long Brand Name');
    await expect(article.getByText('extraordinarily-long-bra…')).toBeVisible();
  },
};

/**
 * On a phone a row's website stays on one line, ended by an ellipsis when the row is too narrow:
 * 29 characters are under the spec's cut (30), and it once broke as "blockvault.financ|e".
 */
export const LongWebsiteOnPhone: Story = {
  globals: PHONE,
  parameters: {
    msw: {
      handlers: [
        respondWith(topRatedBrands, {
          brands: {
            rows: [brandRow(1, { name: 'Blockvault', website: 'blockvault-finance-group.shop' })],
          },
        }),
      ],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const article = within(await card(canvas, 'Blockvault'));
    const website = article.getByText('blockvault-finance-group.shop');
    await expectSingleLine(website);
    await expectFitsPhone(canvasElement);
  },
};

/** Phones: one column of cards. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const first = await card(canvas, 'Pixel Forge');
    const second = await card(canvas, 'Coinvault');
    await expect(first.getBoundingClientRect().left).toBe(second.getBoundingClientRect().left);
  },
};

/** Last month's winner leads the page. */
export const LastMonthsWinner: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(contestWinners, {
          winners: {
            rows: [
              {
                month: '2026-10',
                brand_id: 5,
                name: 'Pixel Forge',
                website: 'pixelforge.example',
                image_url: brandRow(5).image_url,
                votes: 2210,
                prize: 1_000_000,
              },
            ],
          },
        }),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const panel = await canvas.findByRole('region', { name: t.exact('voting.winner.title') });
    await expect(await within(panel).findByRole('link', { name: 'Pixel Forge' })).toBeVisible();
  },
};

/** The winner panel holds its place while it loads, so the list below does not jump. */
export const WinnerLoading: Story = {
  parameters: { msw: { handlers: [pending(contestWinners)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const panel = await canvas.findByRole('region', { name: t.exact('voting.winner.title') });
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    await expect(within(panel).queryByRole('link')).toBeNull();
  },
};

/** Referring needs an account. */
export const ReferLoggedOut: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.refer.open') }));
    const { navigation } = storyRecorders(loaded);
    await expect(navigation.navigate).toHaveBeenCalledWith('/login', { search: { voting: '' } });
  },
};

/** A text that is no address is refused a second after typing stops; cancel clears it. */
export const ReferInvalidUrl: Story = {
  parameters: { session: 'demo' },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.refer.open') }));
    const dialog = within(
      await screen.findByRole('dialog', { name: t.exact('voting.refer.title') }),
    );
    const field = dialog.getByLabelText(t('voting.refer.url'));
    await userEvent.type(field, 'not-a-link');
    await waitFor(() => expect(field).toHaveAccessibleDescription(t.exact('validation.website')), {
      timeout: URL_CHECK_DELAY_MS + 2000,
    });
    await expect(dialog.getByRole('button', { name: t.exact('voting.refer.add') })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: t.exact('voting.refer.cancel') }));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.refer.open') }));
    const again = within(
      await screen.findByRole('dialog', { name: t.exact('voting.refer.title') }),
    );
    await expect(again.getByLabelText(t('voting.refer.url'))).toHaveValue('');
  },
};

/** A found site enables Add; the new brand leads the newly added list. */
export const ReferBrand: Story = {
  parameters: {
    session: 'demo',
    msw: {
      handlers: [
        respondWith(brandPreview, {
          website: 'kawaziarno.pl',
          name: 'Kawa Ziarno',
          description: 'Speciality coffee roasters from Kraków.',
          image_url: '',
          found: true,
        }),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.refer.open') }));
    const dialog = within(
      await screen.findByRole('dialog', { name: t.exact('voting.refer.title') }),
    );
    const add = dialog.getByRole('button', { name: t.exact('voting.refer.add') });
    await userEvent.type(dialog.getByLabelText(t('voting.refer.url')), 'kawaziarno.pl');
    await expect(add).toBeDisabled();
    await expect(
      await dialog.findByText(
        t('voting.refer.found', { name: 'Kawa Ziarno' }),
        {},
        { timeout: 4000 },
      ),
    ).toBeVisible();
    await expect(dialog.getByText('Speciality coffee roasters from Kraków.')).toBeVisible();
    await expect(add).toBeEnabled();
    await userEvent.click(add);
    const success = await screen.findByRole('dialog', {
      name: t.exact('voting.refer.successTitle'),
    });
    await expect(success).toHaveAccessibleDescription(
      t.exact('voting.refer.success', { name: 'Kawa Ziarno' }),
    );
    await userEvent.click(
      within(success).getByRole('button', { name: t.exact('voting.refer.successClose') }),
    );
    await expect(
      canvas.getByRole('tab', { name: t.exact('voting.sections.newlyadded') }),
    ).toHaveAttribute('aria-selected', 'true');
    const list = await canvas.findByRole('list', {
      name: new RegExp(t('voting.sections.newlyadded')),
    });
    await expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('Kawa Ziarno');
  },
};

/**
 * A website already in the contest shows the stored brand (logo, name, description) and says it
 * is in; Add stays disabled.
 */
export const ReferExisting: Story = {
  parameters: {
    session: 'demo',
    msw: {
      handlers: [
        respondWith(brandPreview, {
          website: 'amberline.pl',
          name: 'Amberline',
          description: 'Amber jewellery from the Baltic coast.',
          image_url: brandRow(7).image_url,
          found: true,
          existing: { id: 7, name: 'Amberline' },
        }),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.refer.open') }));
    const dialog = within(
      await screen.findByRole('dialog', { name: t.exact('voting.refer.title') }),
    );
    await userEvent.type(dialog.getByLabelText(t('voting.refer.url')), 'amberline.pl');
    await expect(
      await dialog.findByText(
        t('voting.refer.existing', { name: 'Amberline' }),
        {},
        { timeout: 4000 },
      ),
    ).toBeVisible();
    await expect(dialog.getByText('Amber jewellery from the Baltic coast.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.exact('voting.refer.add') })).toBeDisabled();
  },
};

/** Someone else added the website between the look-up and Add: refused under the field. */
export const ReferAddedMeanwhile: Story = {
  parameters: {
    session: 'demo',
    msw: {
      handlers: [
        respondWith(brandPreview, {
          website: 'kawaziarno.pl',
          name: 'Kawa Ziarno',
          description: '',
          image_url: '',
          found: true,
        }),
        declaredError(addBrand, 'brandExists', { errors: { website: 'errors.brandExists' } }),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.refer.open') }));
    const dialog = within(
      await screen.findByRole('dialog', { name: t.exact('voting.refer.title') }),
    );
    const field = dialog.getByLabelText(t('voting.refer.url'));
    await userEvent.type(field, 'kawaziarno.pl');
    const add = dialog.getByRole('button', { name: t.exact('voting.refer.add') });
    await waitFor(() => expect(add).toBeEnabled(), { timeout: 4000 });
    await userEvent.click(add);
    await waitFor(() => expect(field).toHaveAccessibleDescription(t.exact('errors.brandExists')));
  },
};

/** A site the server cannot reach is named after its domain, and can still be added. */
export const ReferUnreachableSite: Story = {
  parameters: { session: 'demo', msw: { handlers: [previewUnreachable()] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('voting.refer.open') }));
    const dialog = within(
      await screen.findByRole('dialog', { name: t.exact('voting.refer.title') }),
    );
    await userEvent.type(dialog.getByLabelText(t('voting.refer.url')), 'www.zielonykoszyk.pl');
    await expect(
      await dialog.findByText(
        t('voting.refer.found', { name: 'Zielonykoszyk' }),
        {},
        { timeout: 4000 },
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.exact('voting.refer.add') })).toBeEnabled();
  },
};
