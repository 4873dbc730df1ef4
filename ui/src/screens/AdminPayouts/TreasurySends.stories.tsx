import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import {
  adminTreasurySends,
  retryTreasurySend,
  type TreasurySend,
} from '@brnd/contracts/api/admin-treasury';
import { errorResponse, route } from '@brnd/mocks/handlers';
import { respondWith } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { EXPLORER } from './fixtures.ts';
import { TreasurySends } from './TreasurySends.tsx';

const meta = {
  title: 'Screens/Admin/Payouts/Treasury sends',
  component: TreasurySends,
  parameters: { session: 'operator' },
} satisfies Meta<typeof TreasurySends>;

export default meta;
type Story = StoryObj<typeof meta>;

const stuckPayout: TreasurySend = {
  source: 'payouts',
  id: '7d0b3c52-9a8e-4f11-b2c4-1e5d6f7a8b90',
  status: 'broadcast',
  nonce: '41',
  tx_hash: '0x3b1f9e2d7c6a5b4e3d2c1b0a99887766554433221100ffeeddccbbaa99887766',
  versions: 1,
  age_seconds: 45 * 60,
  retry_requested: false,
};
const signedSend: TreasurySend = {
  source: 'brand_token_sends',
  id: '0e4f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  status: 'signed',
  nonce: '42',
  tx_hash: '0x9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b',
  versions: 1,
  age_seconds: 3 * 3600,
  retry_requested: false,
};

/** A server that keeps the sends: a retry marks the send as waiting for its bump. */
function treasuryWorld(refusal?: 'notBroadcast') {
  let sends: TreasurySend[] = [];
  const reset = () => {
    sends = [stuckPayout, signedSend].map((send) => ({ ...send }));
  };
  reset();
  const handlers = [
    route(adminTreasurySends, () => HttpResponse.json({ sends, explorer_tx_url: EXPLORER })),
    route(retryTreasurySend, ({ params }) => {
      if (refusal) {
        const { status, messageId } = retryTreasurySend.errors[refusal];
        return errorResponse(status, messageId!);
      }
      const send = sends.find((candidate) => candidate.id === params.id);
      if (!send) return errorResponse(404, 'errors.notFound');
      send.retry_requested = true;
      return HttpResponse.json({ send }, { status: 202 });
    }),
  ];
  return { handlers, reset };
}
const listWorld = treasuryWorld();
const refusedWorld = treasuryWorld('notBroadcast');

/** Sends waiting on the chain with nonce, linked hash, age; only a broadcast one is retried. */
export const Waiting: Story = {
  parameters: { msw: { handlers: listWorld.handlers } },
  beforeEach: listWorld.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(
      within(table).getByRole('link', { name: stuckPayout.tx_hash ?? '' }),
    ).toHaveAttribute('href', `https://explorer.example/tx/${stuckPayout.tx_hash}`);
    await expect(within(table).getByText(t('finance.treasury.sources.payouts'))).toBeVisible();
    await expect(
      within(table).getByText(t('finance.treasury.ageMinutes', { minutes: 45 })),
    ).toBeVisible();
    await expect(
      within(table).getByText(t('finance.treasury.ageHours', { hours: 3 })),
    ).toBeVisible();
    const retries = within(table).getAllByRole('button');
    await expect(retries).toHaveLength(1);
    await expect(retries[0]).toHaveAccessibleName(
      t.exact('finance.treasury.retryLabel', { nonce: '41' }),
    );
    await userEvent.click(retries[0]!);
    await expectToast(t, 'success', t('finance.treasury.retried', { nonce: '41' }));
    await expect(await within(table).findByText(t('finance.treasury.retryWaiting'))).toBeVisible();
    await expect(within(table).queryAllByRole('button')).toHaveLength(0);
  },
};

/** The send settled or was never sent meanwhile: the operator is told why nothing happened. */
export const RetryRefused: Story = {
  parameters: { msw: { handlers: refusedWorld.handlers } },
  beforeEach: refusedWorld.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await userEvent.click(within(table).getByRole('button'));
    await expectToast(t, 'danger', t('admin.treasury.errors.notBroadcast'));
  },
};

export const NothingWaiting: Story = {
  parameters: {
    msw: { handlers: [respondWith(adminTreasurySends, { sends: [], explorer_tx_url: null })] },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('finance.treasury.empty'))).toBeVisible();
  },
};
