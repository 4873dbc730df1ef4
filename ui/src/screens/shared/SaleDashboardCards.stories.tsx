import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { sale } from '@brnd/contracts/api/sale';
import { wallet } from '@brnd/contracts/api/wallet';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { SaleDashboardCards } from './SaleDashboardCards.tsx';

const funded = respondWith(wallet, {
  wallet: [{ amount: 100, brnd_tokens: 33333, walletAddress: null, walletVerified: false }],
});

const meta = {
  title: 'Screens/DashboardHome/Sale cards',
  component: SaleDashboardCards,
  parameters: { session: { token: 'session-token', name: 'Anna Nowak' } },
} satisfies Meta<typeof SaleDashboardCards>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Balance, tier, buy and invite, and the sale's progress. */
export const Default: Story = {
  parameters: { msw: { handlers: [funded] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(/33[,.\s\u00a0]?333 BRND/)).toBeVisible();
    // The active tier by its name in the page's language (sale.tierNames).
    await expect(
      await canvas.findByText(new RegExp(t('sale.tierNames.Tier I').split(' ')[0]!), {
        selector: 'dd',
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: t.exact('sale.progress.label') }),
    ).toBeVisible();
    const { navigation } = storyRecorders(loaded);
    await userEvent.click(canvas.getByRole('link', { name: t.exact('sale.dashboard.buy') }));
    await expect(navigation.navigate).toHaveBeenCalledWith('/user/buytoken', undefined);
    await userEvent.click(canvas.getByRole('link', { name: t.exact('sale.dashboard.invite') }));
    await expect(navigation.navigate).toHaveBeenCalledWith('/user/referrals', undefined);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(wallet), pending(sale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const spinners = canvas.getAllByRole('status');
    await expect(spinners).toHaveLength(3);
    for (const spinner of spinners) await expect(spinner).toHaveTextContent(t('sale.loading'));
  },
};

/** Either call failing leaves the rest of the dashboard usable. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(wallet), serverError(sale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await expect(canvas.getAllByText(t('sale.dashboard.unavailable')).length).toBe(2);
    await expect(canvas.getByRole('link', { name: t.exact('sale.dashboard.buy') })).toBeVisible();
  },
};
