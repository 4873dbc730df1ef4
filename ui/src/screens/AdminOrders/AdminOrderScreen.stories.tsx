import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { adminOrder, resolveOrder, resyncOrder } from '@brnd/contracts/api/admin-orders';
import { route } from '@brnd/mocks/handlers';
import { declaredError, pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { AdminOrderScreen } from './AdminOrderScreen.tsx';

/**
 * A decision can't be changed: the dialog names it and says so; its last button confirms.
 * Returns the dialog's text.
 */
async function confirmDecision(
  t: ReturnType<typeof storyIntl>,
  userEvent: { click(element: Element): Promise<void> },
) {
  const dialog = await screen.findByRole('dialog');
  await expect(dialog).toHaveTextContent(t('common.confirm.cannotUndo'));
  const text = dialog.textContent ?? '';
  const buttons = within(dialog).getAllByRole('button');
  await userEvent.click(buttons[buttons.length - 1] as HTMLElement);
  // The page is hidden from assistive technology while the dialog is open.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return text;
}
import {
  btcOrderWithNotifications,
  creditDecision,
  partialOrder,
  refundDecision,
} from './fixtures.ts';

const meta = {
  title: 'Screens/Admin/Order',
  component: AdminOrderScreen,
  args: { id: partialOrder.id },
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminOrderScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * After a decision the server answers with the order as it now is. Each story (and its Polish
 * twin) starts undecided: `reset` runs before it.
 */
function decided(resolution = creditDecision) {
  let done = false;
  const reset = () => {
    done = false;
  };
  const handlers = [
    route(adminOrder, () =>
      HttpResponse.json({
        order: done
          ? {
              ...partialOrder,
              needs_decision: false,
              credit_preview: null,
              resolutions: [resolution],
            }
          : partialOrder,
      }),
    ),
    route(resolveOrder, () => {
      done = true;
      return HttpResponse.json(
        {
          resolution,
          order: {
            ...partialOrder,
            needs_decision: false,
            credit_preview: null,
            resolutions: [resolution],
          },
        },
        { status: 201 },
      );
    }),
  ];
  return { handlers, reset };
}
const creditFlow = decided();
const refundFlow = decided(refundDecision);

/** A partial ETH payment: the deposit with its transaction, and what a credit would give. */
export const PartialPayment: Story = {
  parameters: { msw: { handlers: [respondWith(adminOrder, { order: partialOrder })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('finance.exceptions.partial'))).toBeVisible();
    await expect(canvas.getByText(t('finance.orders.needsDecision'))).toBeVisible();
    const deposit = canvas.getByRole('link', { name: /^0x8e3b0c1f/ });
    await expect(deposit).toHaveAttribute(
      'href',
      `https://explorer.example/tx/${partialOrder.deposits[0]?.transactions[0]?.hash}`,
    );
    await expect(
      canvas.getByRole('radio', { name: new RegExp(t('finance.orders.credit')) }),
    ).toBeChecked();
    await expect(canvas.getByText(/13[,\s ]?333 BRND/)).toBeVisible();
  },
};

/** Credit: the toast names the tokens, and the decision replaces the form. */
export const ResolveCredit: Story = {
  parameters: { msw: { handlers: creditFlow.handlers } },
  beforeEach: creditFlow.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.exact('finance.orders.submit') }),
    );
    // The dialog names the tokens and the buyer before anything is sent.
    await expect(await confirmDecision(t, userEvent)).toContain(partialOrder.user_email);
    // The number's grouping is the locale's own; the buyer's address identifies the credit.
    const region = screen.getByRole('region', { name: t.exact('toast.region') });
    await expect(
      await within(region).findByText(new RegExp(partialOrder.user_email.replace(/\./g, '\\.'))),
    ).toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: t.exact('finance.orders.submit') }),
    ).toBeNull();
    const decisions = canvas.getByRole('region', { name: t.exact('finance.orders.decisions') });
    await expect(within(decisions).getByText(/operator@brnd\.example/)).toBeVisible();
  },
};

/** Refund: the reference is required before anything is sent. */
export const ResolveRefund: Story = {
  parameters: { msw: { handlers: refundFlow.handlers } },
  beforeEach: refundFlow.reset,
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('radio', { name: new RegExp(t('finance.orders.refund')) }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.orders.submit') }));
    await expect(
      await canvas.findByText(t('finance.orders.errors.referenceRequired')),
    ).toBeVisible();
    await userEvent.type(
      canvas.getByLabelText(t('finance.orders.reference')),
      'SEPA 2026-03-03/17',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.orders.submit') }));
    await expect(await confirmDecision(t, userEvent)).toContain('SEPA 2026-03-03/17');
    await expectToast(t, 'success', t('finance.orders.resolvedRefund', { id: partialOrder.id }));
    await expect(await canvas.findByText(/SEPA 2026-03-03\/17/)).toBeVisible();
  },
};

/** Another operator decided first: the second gets the 409's message, nothing else happens. */
export const Conflict: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(adminOrder, { order: partialOrder }),
        declaredError(resolveOrder, 'alreadyResolved'),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.exact('finance.orders.submit') }),
    );
    await confirmDecision(t, userEvent);
    await expectToast(t, 'danger', t('finance.orders.errors.alreadyResolved'));
  },
};

/** Gateway webhooks: the forged one refused with its reason, the real one accepted. */
export const Notifications: Story = {
  args: { id: btcOrderWithNotifications.id },
  parameters: {
    msw: { handlers: [respondWith(adminOrder, { order: btcOrderWithNotifications })] },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const section = await canvas.findByRole('region', {
      name: t.exact('finance.orders.notifications'),
    });
    await expect(within(section).getByText(t('finance.orders.outcomes.refused'))).toBeVisible();
    await expect(within(section).getByText(t('orders.errors.badSignature'))).toBeVisible();
    await expect(within(section).getByText(t('finance.orders.outcomes.accepted'))).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: t.exact('finance.orders.submit') }),
    ).toBeNull();
  },
};

/** An order whose webhooks were lost: the operator reads the invoice back; it is paid now. */
export const Resync: Story = {
  args: { id: btcOrderWithNotifications.id },
  parameters: {
    msw: {
      handlers: [
        respondWith(adminOrder, {
          order: { ...btcOrderWithNotifications, status: 'waiting', status_code: 1 },
        }),
        respondWith(resyncOrder, { order: btcOrderWithNotifications }),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('finance.orders.resyncHint'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.exact('finance.orders.resync') }));
    await expectToast(
      t,
      'success',
      t('finance.orders.resynced', { status: t('finance.statuses.paid') }),
    );
  },
};

/** The gateway cannot be reached: the operator is told, nothing changes. */
export const ResyncUnreachable: Story = {
  args: { id: btcOrderWithNotifications.id },
  parameters: {
    msw: {
      handlers: [
        respondWith(adminOrder, { order: btcOrderWithNotifications }),
        declaredError(resyncOrder, 'gatewayUnavailable'),
      ],
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', { name: t.exact('finance.orders.resync') }),
    );
    await expectToast(t, 'danger', t('orders.errors.gatewayUnavailable'));
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(adminOrder)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('common.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(adminOrder)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.exact('finance.orders.back') })).toBeVisible();
  },
};
