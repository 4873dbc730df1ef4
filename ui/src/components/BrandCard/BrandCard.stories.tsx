import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { BrandCard } from './BrandCard.tsx';

const meta = {
  component: BrandCard,
  tags: ['autodocs'],
  args: {
    brand: {
      id: 7,
      name: 'Walker Coffee',
      website: 'walkercoffee.example',
      image_url: '',
      votes: 41,
    },
    voteState: 'can-vote',
    limitText: 'You have reached your limit of 10 votes. You have to wait for 24h to vote again.',
    onVote: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: '16rem' }}>{Story()}</div>],
} satisfies Meta<typeof BrandCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const polishArgs = {
  limitText: 'Limit 10 głosów został wykorzystany. Kolejny głos możesz oddać za 24 godziny.',
};

export const CanVote: Story = {
  parameters: { polishArgs },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const card = canvas.getByRole('article', { name: args.brand.name });
    await expect(card).toHaveTextContent(t('voting.card.votes', { votes: 41 }));
    await expect(canvas.getByRole('link', { name: args.brand.name })).toHaveAttribute(
      'href',
      '/brand/7',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(t('voting.vote.button')) }),
    );
    await expect(args.onVote).toHaveBeenCalledWith(7);
  },
};

/** Voted in this window: the 'voted' label, and a disabled button that says why. */
export const Voted: Story = {
  args: { voteState: 'voted', brand: { ...meta.args.brand, votes: 42 } },
  parameters: { polishArgs },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByText(t('voting.card.voted'))).toBeVisible();
    const button = canvas.getByRole('button', { name: new RegExp(t('voting.vote.button')) });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(new RegExp(t('errors.alreadyVoted')));
  },
};

/** Out of votes: the button stays focusable, explains the limit, and votes for nothing. */
export const OutOfVotes: Story = {
  args: { voteState: 'limit' },
  parameters: { polishArgs },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const button = canvas.getByRole('button', { name: new RegExp(t('voting.vote.button')) });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(args.limitText);
    await userEvent.click(button);
    await expect(args.onVote).not.toHaveBeenCalled();
  },
};

/** A long name and website are cut to 24 characters, with the full text kept as a title. */
export const LongName: Story = {
  args: {
    brand: {
      ...meta.args.brand,
      name: 'The Very Long Named Artisanal Coffee Roasters',
      website: 'the-very-long-named-artisanal-coffee-roasters.example',
    },
  },
  parameters: { polishArgs },
  play: async ({ args, canvas }) => {
    const link = canvas.getByRole('link');
    await expect(link).toHaveAttribute('title', args.brand.name);
    await expect(link.textContent!.length).toBeLessThanOrEqual(25);
  },
};
