import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { myTokens } from '@brnd/contracts/api/brand-tokens';
import { fake } from '@brnd/mocks/handlers';
import { brandTokenSetup } from '@brnd/mocks/brand-tokens';
import { pending, serverError } from '@brnd/mocks/scenarios';
import { DEMO_EMAIL } from '@brnd/mocks/seed';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { MyTokensScreen } from './MyTokensScreen.tsx';

/**
 * The demo user holds 250 PIXEL from Pixel Forge (in the ledger), which offers a skin for 100;
 * an earlier code of theirs was used at the counter.
 */
function holdPixel() {
  const brand = fake.topRatedBrands(null).brands.rows.find((row) => row.name === 'Pixel Forge');
  if (!brand) throw new Error('Pixel Forge is missing from the mocks seed');
  const token = brandTokenSetup.issue(fake, brand.id, { name: 'Pixel Coins', ticker: 'PIXEL' });
  brandTokenSetup.give(fake, token.id, DEMO_EMAIL, 300, 3);
  const offer = brandTokenSetup.offer(fake, token.id, {
    title: 'Legendary skin',
    description: 'Any skin from the spring collection.',
    price: 50,
  });
  brandTokenSetup.redeem(fake, offer.id, DEMO_EMAIL, { used: true, code: 'HX7Q2M9KPA' });
  return token;
}

/** What the stubbed clipboard received in the running story. */
const copied: string[] = [];

const meta = {
  title: 'Screens/MyTokens/Screen',
  component: MyTokensScreen,
  parameters: { session: 'demo' },
} satisfies Meta<typeof MyTokensScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(myTokens)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.mine.loading'))).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(myTokens)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await expect(
      canvas.getByRole('button', { name: t.exact('brandTokens.mine.retry') }),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brandTokens.mine.empty'))).toBeVisible();
  },
};

/** Balances, rewards and past codes; the history opens on demand. */
export const WithHoldings: Story = {
  beforeEach: () => {
    holdPixel();
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const card = await canvas.findByRole('region', { name: 'Pixel Coins (PIXEL)' });
    await expect(
      within(card).getByText(t('brandTokens.mine.ledger')).nextSibling,
    ).toHaveTextContent('250 PIXEL');
    await expect(within(card).getByText(t('brandTokens.mine.noWallet'))).toBeVisible();
    await expect(within(card).getByText(t('brandTokens.mine.claimNeedsWallet'))).toBeVisible();
    await userEvent.click(
      within(card).getByRole('button', { name: t.exact('brandTokens.mine.showHistory') }),
    );
    const history = await within(card).findByRole('table', {
      name: t.exact('brandTokens.mine.historyTitle', { ticker: 'PIXEL' }),
    });
    await expect(within(history).getByText(t('brandTokens.mine.kind.received'))).toBeVisible();
    await expect(within(history).getByText(t('brandTokens.mine.kind.redeemed'))).toBeVisible();
    const codes = canvas.getByRole('region', {
      name: t.exact('brandTokens.mine.redemptionsTitle'),
    });
    await expect(within(codes).getByText('HX7Q2M9KPA')).toBeVisible();
    await expect(
      within(codes)
        .getByText(/HX7Q2M9KPA/)
        .closest('tr'),
    ).toHaveTextContent(t('brandTokens.mine.used', { date: '' }).trim());
  },
};

async function transfer(
  canvasElement: HTMLElement,
  userEvent: StoryContext['userEvent'],
  t: ReturnType<typeof storyIntl>,
  recipient: string,
  amount: string,
) {
  const canvas = within(canvasElement);
  const form = await canvas.findByRole('form', {
    name: t.exact('brandTokens.mine.transferTitle', { ticker: 'PIXEL' }),
  });
  await userEvent.type(
    within(form).getByLabelText(t('brandTokens.mine.recipient'), { selector: 'input' }),
    recipient,
  );
  await userEvent.type(
    within(form).getByLabelText(t('brandTokens.mine.amount'), { selector: 'input' }),
    amount,
  );
  await userEvent.click(
    within(form).getByRole('button', { name: t.exact('brandTokens.mine.transfer') }),
  );
  return form;
}

/** To a friend by e-mail: the balance goes down and the friend's account holds them. */
export const TransferSuccess: Story = {
  beforeEach: () => {
    holdPixel();
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const t = storyIntl(globals);
    await transfer(canvasElement, userEvent, t, 'friend@example.com', '10');
    await expectToast(
      t,
      'success',
      t('brandTokens.mine.transferred', {
        amount: 10,
        ticker: 'PIXEL',
        recipient: 'friend@example.com',
      }),
    );
    const card = within(canvasElement).getByRole('region', { name: 'Pixel Coins (PIXEL)' });
    await waitFor(() =>
      expect(within(card).getByText(t('brandTokens.mine.ledger')).nextSibling).toHaveTextContent(
        '240 PIXEL',
      ),
    );
  },
};

/** More than the balance: refused with the reason, nothing moves. */
export const TransferFailure: Story = {
  beforeEach: () => {
    holdPixel();
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const t = storyIntl(globals);
    const form = await transfer(canvasElement, userEvent, t, 'friend@example.com', '1000');
    await expect(await within(form).findByRole('alert')).toHaveTextContent(
      t('brandTokens.errors.insufficient'),
    );
    const card = within(canvasElement).getByRole('region', { name: 'Pixel Coins (PIXEL)' });
    await expect(
      within(card).getByText(t('brandTokens.mine.ledger')).nextSibling,
    ).toHaveTextContent('250 PIXEL');
  },
};

/** Redeeming burns the price and shows a one-time code to show at the counter, ready to copy. */
export const RedeemWithCode: Story = {
  beforeEach: () => {
    holdPixel();
    copied.length = 0;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied.push(text);
        },
      },
    });
    return () => {
      delete (navigator as { clipboard?: unknown }).clipboard;
    };
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const rewards = await canvas.findByRole('region', {
      name: t.exact('brandTokens.mine.offersTitle'),
    });
    await userEvent.click(
      within(rewards).getByRole('button', {
        name: t.exact('brandTokens.mine.redeem', { price: 50, ticker: 'PIXEL' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('brandTokens.mine.confirmRedeem.title', {
        price: 50,
        ticker: 'PIXEL',
        offer: 'Legendary skin',
      }),
    });
    await expect(dialog).toHaveTextContent(t('common.confirm.cannotUndo'));
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: t.exact('brandTokens.mine.redeem', { price: 50, ticker: 'PIXEL' }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const codeCard = await canvas.findByRole('region', {
      name: t.exact('brandTokens.mine.codeTitle', { offer: 'Legendary skin' }),
    });
    const code = within(codeCard).getByText(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    await userEvent.click(
      within(codeCard).getByRole('button', { name: t.exact('brandTokens.mine.copy') }),
    );
    await expect(await within(codeCard).findByText(t('brandTokens.mine.copied'))).toBeVisible();
    await expect(copied).toEqual([code.textContent]);
    const codes = canvas.getByRole('region', {
      name: t.exact('brandTokens.mine.redemptionsTitle'),
    });
    await expect(await within(codes).findByText(code.textContent ?? '')).toBeVisible();
  },
};

/** Cancel at the confirmation: no code, no tokens burned. */
export const RedeemCancelled: Story = {
  beforeEach: () => {
    holdPixel();
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const rewards = await canvas.findByRole('region', {
      name: t.exact('brandTokens.mine.offersTitle'),
    });
    const redeem = within(rewards).getByRole('button', {
      name: t.exact('brandTokens.mine.redeem', { price: 50, ticker: 'PIXEL' }),
    });
    await userEvent.click(redeem);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: t.exact('common.confirm.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(redeem).toHaveFocus());
    await expect(
      canvas.queryByRole('region', {
        name: t.exact('brandTokens.mine.codeTitle', { offer: 'Legendary skin' }),
      }),
    ).toBeNull();
    const card = canvas.getByRole('region', { name: 'Pixel Coins (PIXEL)' });
    await expect(
      within(card).getByText(t('brandTokens.mine.ledger')).nextSibling,
    ).toHaveTextContent('250 PIXEL');
  },
};
