import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { burns } from '@brnd/contracts/api/burns';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { BurnsScreen } from './BurnsScreen.tsx';

const meta = {
  title: 'Screens/Burns',
  component: BurnsScreen,
} satisfies Meta<typeof BurnsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The mocks' two confirmed burns: the total and each quarter with its transaction hash. */
export const Burned: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table', { name: t.exact('burns.list') });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(2);
    await expect(within(rows[0]!).getByText('2026-Q2')).toBeVisible();
    await expect(within(rows[0]!).getByText(/^0x[0-9a-f]{64}$/)).toBeVisible();
    // 3,213,333 + 4,116,666 with the language's separators.
    await expect(canvas.getByText(/^7[,\s\u00a0]329[,\s\u00a0]999 BRND$/)).toBeVisible();
  },
};

export const NoBurnYet: Story = {
  parameters: { msw: { handlers: [respondWith(burns, { burns: [], total_burned: 0 })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('burns.empty'))).toBeVisible();
    await expect(canvas.getByText('0 BRND')).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(burns)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('common.loading'));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(burns)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.common.tryAgain') }),
    ).toBeVisible();
  },
};
