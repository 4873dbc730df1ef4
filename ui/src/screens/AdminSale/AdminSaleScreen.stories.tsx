import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { adminSale, updateSale, type SaleSettingsInput } from '@brnd/contracts/api/admin-sale';
import { SALE_TOKENS_OFFERED, tierTotalUsd } from '@brnd/contracts/domain/sale';
import { route, validationErrorResponse } from '@brnd/mocks/handlers';
import { pending, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError, expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { AdminSaleScreen } from './AdminSaleScreen.tsx';
import { saleFixture } from './fixtures.ts';

const meta = {
  title: 'Screens/Admin/Sale',
  component: AdminSaleScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminSaleScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/**
 * A server that keeps the sale and records each save it receives; `answer` replaces its reply
 * to a save. `reset` runs before each story and its Polish twin.
 */
function saleServer(answer?: () => Response) {
  const state = { sale: saleFixture(), saves: [] as SaleSettingsInput[] };
  const reset = () => {
    state.sale = saleFixture();
    state.saves = [];
  };
  const handlers = [
    route(adminSale, () =>
      HttpResponse.json({ sale: state.sale, allocation: SALE_TOKENS_OFFERED }),
    ),
    route(updateSale, async ({ request }) => {
      const input = (await request.json()) as SaleSettingsInput;
      state.saves.push(input);
      if (answer) return answer();
      const tiers = state.sale.tiers.map((tier, index) => {
        const tokens = Number(input.tiers[index]?.tokens);
        const price = Number(input.tiers[index]?.price);
        return {
          ...tier,
          tokens,
          price,
          total: tierTotalUsd({ tokens, price }),
          active: tier.id === input.activeTier,
        };
      });
      state.sale = {
        ...state.sale,
        tiers,
        activeTier: input.activeTier,
        price: tiers.find((tier) => tier.active)?.price ?? 0.003,
        stages: state.sale.stages.map((stage, index) => ({
          ...stage,
          month: input.stages[index]?.month ?? stage.month,
          active: input.stages[index]?.active ?? false,
        })),
        endsAt: input.endsAt,
      };
      return HttpResponse.json({ sale: state.sale, allocation: SALE_TOKENS_OFFERED });
    }),
  ];
  return { state, handlers, reset };
}

const group = (canvas: Canvas, name: string) => canvas.findByRole('group', { name });
const inGroup = async (canvas: Canvas, name: string, label: string) =>
  within(await group(canvas, name)).getByLabelText(label, { selector: 'input' });

/** The sale as saved: every tier's amount and price, the active tier and stage, the end. */
export const Loaded: Story = {
  parameters: { msw: { handlers: saleServer().handlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await inGroup(canvas, t.exact('sale.tierNames.Tier I'), t('finance.sale.tokens')),
    ).toHaveValue('80000000');
    await expect(
      await inGroup(canvas, t.exact('sale.tierNames.Tier V'), t('finance.sale.price')),
    ).toHaveValue('0.0035');
    await expect(canvas.getByLabelText(t('finance.sale.activeTier'))).toHaveValue('4');
    const round = await group(canvas, t.exact('sale.stages.Round I'));
    await expect(within(round).getByLabelText(t('finance.sale.month'))).toHaveValue('2026-03');
    await expect(within(round).getByRole('checkbox')).toBeChecked();
    await expect(
      within(await group(canvas, t.exact('sale.stages.Round II'))).getByRole('checkbox'),
    ).not.toBeChecked();
    await expect(canvas.getByLabelText(t('finance.sale.endsAt'))).not.toHaveValue('');
  },
};

const savedServer = saleServer();
/** A new price for Tier V made active, Round II reached: saved, and the form shows the result. */
export const Saved: Story = {
  parameters: { msw: { handlers: savedServer.handlers } },
  beforeEach: savedServer.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const price = await inGroup(canvas, t.exact('sale.tierNames.Tier V'), t('finance.sale.price'));
    await userEvent.clear(price);
    await userEvent.type(price, '0.004');
    await userEvent.selectOptions(
      canvas.getByLabelText(t('finance.sale.activeTier')),
      // The option itself: user-event compares a name with the option's innerHTML (&nbsp;).
      canvas.getByRole('option', { name: t.exact('sale.tierNames.Tier V') }),
    );
    await userEvent.click(
      within(await group(canvas, t.exact('sale.stages.Round II'))).getByRole('checkbox'),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.sale.save') }));
    await expectToast(t, 'success', t('finance.sale.saved'));
    const saved = savedServer.state.saves[0];
    await expect(saved?.tiers[4]).toEqual({ tokens: '80000000', price: '0.004' });
    await expect(saved?.activeTier).toBe(5);
    await expect(saved?.stages.map((stage) => stage.active)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    await expect(Date.parse(saved?.endsAt ?? '')).toBeGreaterThan(Date.now());
    await expect(canvas.getByLabelText(t('finance.sale.activeTier'))).toHaveValue('5');
  },
};

const invalidServer = saleServer();
/** Each field the contract refuses is named under it, and nothing is sent. */
export const InvalidFields: Story = {
  parameters: { msw: { handlers: invalidServer.handlers } },
  beforeEach: invalidServer.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const tokens = await inGroup(
      canvas,
      t.exact('sale.tierNames.Tier II'),
      t('finance.sale.tokens'),
    );
    await userEvent.clear(tokens);
    await userEvent.type(tokens, '12.5');
    const price = await inGroup(canvas, t.exact('sale.tierNames.Tier I'), t('finance.sale.price'));
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    const month = await inGroup(canvas, t('sale.stages.Soft Cap'), t('finance.sale.month'));
    await userEvent.clear(month);
    await userEvent.type(month, '2026-13');
    const endsAt = canvas.getByLabelText(t('finance.sale.endsAt'));
    await userEvent.clear(endsAt);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.sale.save') }));
    for (const [input, message] of [
      [tokens, 'finance.sale.errors.tokens'],
      [price, 'finance.sale.errors.price'],
      [month, 'finance.sale.errors.month'],
    ] as const) {
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(t.exact(message));
    }
    await expectFieldError(canvas, t('finance.sale.endsAt'), t('finance.sale.errors.endsAt'));
    await expect(invalidServer.state.saves).toHaveLength(0);
    await expectNoToast(t);
  },
};

const rulesServer = saleServer();
/** Rules across fields: prices must rise tier by tier, stages are reached in order. */
export const InvalidRules: Story = {
  parameters: { msw: { handlers: rulesServer.handlers } },
  beforeEach: rulesServer.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const price = await inGroup(
      canvas,
      t.exact('sale.tierNames.Tier III'),
      t('finance.sale.price'),
    );
    await userEvent.clear(price);
    await userEvent.type(price, '0.001');
    await userEvent.click(
      within(await group(canvas, t('sale.stages.Hard Cap'))).getByRole('checkbox'),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.sale.save') }));
    await expect(await canvas.findByText(t('finance.sale.errors.pricesIncreasing'))).toBeVisible();
    await expect(canvas.getByText(t('finance.sale.errors.activeStagesInOrder'))).toBeVisible();
    await expect(rulesServer.state.saves).toHaveLength(0);
  },
};

const allocationServer = saleServer();
/** The tiers together may not exceed the sale's allocation; the running total says why. */
export const OverAllocation: Story = {
  parameters: { msw: { handlers: allocationServer.handlers } },
  beforeEach: allocationServer.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const tokens = await inGroup(
      canvas,
      t.exact('sale.tierNames.Tier I'),
      t('finance.sale.tokens'),
    );
    await userEvent.clear(tokens);
    await userEvent.type(tokens, '100000000');
    await expect(canvas.getByText(/420[,\s ]?000[,\s ]?000/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.sale.save') }));
    await expect(await canvas.findByText(t('finance.sale.errors.allocation'))).toBeVisible();
    await expect(allocationServer.state.saves).toHaveLength(0);
  },
};

const lateServer = saleServer(() =>
  validationErrorResponse({ endsAt: 'finance.sale.errors.endsAtPast' }),
);
/** The server's clock decides: an end it finds past is named under the field. */
export const ServerFieldError: Story = {
  parameters: { msw: { handlers: lateServer.handlers } },
  beforeEach: lateServer.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.exact('finance.sale.save') }),
    );
    await expectFieldError(canvas, t('finance.sale.endsAt'), t('finance.sale.errors.endsAtPast'));
    await expect(lateServer.state.saves).toHaveLength(1);
    await expectNoToast(t);
  },
};

const failingServer = saleServer();
export const SaveFailed: Story = {
  parameters: { msw: { handlers: [serverError(updateSale), ...failingServer.handlers] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.exact('finance.sale.save') }),
    );
    await expectToast(t, 'danger', t('errors.server'));
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(adminSale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('common.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(adminSale)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
  },
};
