import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { sale } from '@brnd/contracts/api/sale';
import {
  pending,
  saleEnded,
  saleInTier,
  saleUnconfigured,
  serverError,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { expectFieldError, expectFitsPhone, expectToast, PHONE } from '../shared/story-helpers.ts';
import { IcoScreen } from './IcoScreen.tsx';

const meta = {
  title: 'Screens/Ico',
  component: IcoScreen,
  args: {},
} satisfies Meta<typeof IcoScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof storyIntl>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const usdField = (canvas: Canvas, t: T) =>
  canvas.findByLabelText(t('sale.ico.usd'), { selector: 'input' });
const brndField = (canvas: Canvas, t: T) =>
  canvas.getByLabelText(t('sale.ico.brnd'), { selector: 'input' });

/** The running sale: countdown, tiers, progress, stages, documents and the team. */
export const Running: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await usdField(canvas, t);
    await expect(canvas.getByRole('timer')).not.toHaveTextContent(/^(00\D+){4}$/);
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
    await expect(
      canvas.getByRole('progressbar', { name: t.exact('sale.progress.label') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('sale.stages.Pre ICO'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('sale.ico.whitepaper') }),
    ).toHaveAttribute('href', '/docs/brnd-whitepaper.pdf');
    await expect(canvas.getByRole('link', { name: t.exact('sale.ico.onePager') })).toHaveAttribute(
      'href',
      '/docs/brnd-one-pager.pdf',
    );
    // The buyback the page promises can be checked.
    await expect(canvas.getByRole('link', { name: t.exact('sale.ico.burnsLink') })).toHaveAttribute(
      'href',
      '/burns',
    );
    await expect(
      canvas.getByRole('heading', { name: t.exact('sale.ico.teamTitle') }),
    ).toBeVisible();
  },
};

/**
 * On a phone the tier table scrolls sideways in a box of its own (its caption above it, whole),
 * and nothing else leaves the screen.
 */
export const OnPhone: Story = {
  globals: PHONE,
  play: async ({ canvas, canvasElement, globals }) => {
    const t = storyIntl(globals);
    await usdField(canvas, t);
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
    const caption = canvas.getByText(t('sale.tiers.caption'), { selector: 'p' });
    await expect(caption.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expectFitsPhone(canvasElement);
  },
};

/** After the end the countdown stands at zero. */
export const Ended: Story = {
  parameters: { msw: { handlers: [saleEnded()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await usdField(canvas, t);
    await expect(canvas.getByRole('timer')).toHaveTextContent(/^(00\D+){4}$/);
  },
};

/** Money with 4 decimals, tokens whole, each side computing the other (at the 0.003 default). */
export const Converter: Story = {
  parameters: { msw: { handlers: [saleUnconfigured()] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const usd = await usdField(canvas, t);
    await userEvent.type(usd, '1.23456');
    await expect(usd).toHaveValue('1.2345');
    await expect(brndField(canvas, t)).toHaveValue('411');
    await userEvent.clear(brndField(canvas, t));
    // The amount rule: one decimal point, so 1.5 BRND stays 1.5 (not 15).
    await userEvent.type(brndField(canvas, t), '333.5');
    await expect(brndField(canvas, t)).toHaveValue('333.5');
    await expect(usd).toHaveValue('1.0005');
    await userEvent.clear(brndField(canvas, t));
    await userEvent.type(brndField(canvas, t), '1.5.');
    await expect(brndField(canvas, t)).toHaveValue('1.5');
    await expect(usd).toHaveValue('0.0045');
  },
};

/** More than the 400,000,000 BRND on offer: the fields say so and the buy buttons wait. */
export const ConverterOverOffer: Story = {
  parameters: { msw: { handlers: [saleUnconfigured()] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const usd = await usdField(canvas, t);
    await userEvent.type(usd, '99999999999');
    await expect(usd).toHaveAttribute('aria-invalid', 'true');
    await expect(usd).toHaveAccessibleDescription(/400[\s\u00a0,.]000[\s\u00a0,.]000/);
    await expect(
      canvas.getByRole('button', { name: t.exact('sale.ico.buyCrypto') }),
    ).toBeDisabled();
    await expect(canvas.getByRole('button', { name: t.exact('sale.ico.buyPln') })).toBeDisabled();
    await userEvent.clear(brndField(canvas, t));
    await userEvent.type(brndField(canvas, t), '400000000');
    await expect(brndField(canvas, t)).not.toHaveAttribute('aria-invalid');
    await expect(usd).toHaveValue('1200000.0000');
    await expect(canvas.getByRole('button', { name: t.exact('sale.ico.buyCrypto') })).toBeEnabled();
  },
};

/** Tier IV active before any order here: tiers I-III are sold out, so raised is not $0. */
export const ProgressInTierFour: Story = {
  parameters: { msw: { handlers: [saleInTier(4, 0)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const bar = await canvas.findByRole('progressbar', { name: t.exact('sale.progress.label') });
    await expect(bar).toHaveAttribute('aria-valuenow', '480000');
    // Raised and goal in one form: whole dollars both, not "$480,000.00" of "$1,000,000".
    await expect(bar.getAttribute('aria-valuetext')).not.toMatch(/[.,]00(?!\d)/);
    const progress = canvas.getByText(new RegExp(t('sale.tierNames.Tier III')), { selector: 'p' });
    await expect(progress).toHaveTextContent(t('sale.tierNames.Tier IV'));
  },
};

/** Logged out: BTC/ETH goes to login with the buy-token target and the amount. */
export const LoggedOutBuy: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await userEvent.type(await usdField(canvas, t), '100');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.ico.buyCrypto') }));
    const { navigation } = storyRecorders(loaded);
    await expect(navigation.navigate).toHaveBeenCalledWith('/login', {
      search: { buytoken: '', btc_brands: '100' },
    });
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.ico.buyPln') }));
    await expect(navigation.navigate).toHaveBeenLastCalledWith('/login', {
      search: { buytoken: '', pln_brands: expect.stringMatching(/^\d+\.\d\d$/) },
    });
  },
};

/** Logged out with a referral code: registration keeps the code. */
export const LoggedOutWithCode: Story = {
  args: { code: 'ANNA-ico' },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await usdField(canvas, t);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.ico.buyPln') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/register', {
      search: { code: 'ANNA-ico' },
    });
  },
};

/** Logged in: straight to the buy page with the amount; IEO goes to the exchange. */
export const LoggedInBuy: Story = {
  parameters: { session: 'demo' },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await userEvent.type(await usdField(canvas, t), '250');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.ico.buyCrypto') }));
    const { navigation } = storyRecorders(loaded);
    await expect(navigation.navigate).toHaveBeenCalledWith('/user/buytoken', {
      search: { btc_brands: '250' },
    });
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.ico.buyIeo') }));
    await expect(navigation.assign).toHaveBeenCalledWith(
      'https://exchange.example/market/BRND-USDT',
    );
  },
};

export const NewsletterEmpty: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await usdField(canvas, t);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.newsletter.submit') }));
    await expectFieldError(canvas, t('sale.newsletter.email'), t('validation.newsletterEmail'));
  },
};

export const NewsletterSubscribed: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await usdField(canvas, t);
    const email = canvas.getByLabelText(t('sale.newsletter.email'), { selector: 'input' });
    await userEvent.type(email, 'anna@example.com');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('sale.newsletter.submit') }));
    await expectToast(t, 'success', t('sale.newsletter.done'));
    await waitFor(() => expect(email).toHaveValue(''));
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(sale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('sale.loading'));
    // The description, documents and team do not wait for the sale figures.
    await expect(
      canvas.getByRole('heading', { name: t.exact('sale.ico.aboutTitle') }),
    ).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(sale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await expect(canvas.getByRole('button', { name: t.exact('sale.tryAgain') })).toBeVisible();
  },
};
