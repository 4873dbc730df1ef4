import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  payouts,
  updateWallet,
  wallet,
  walletChallenge,
  type Payout,
} from '@brnd/contracts/api/wallet';
import {
  respondWith,
  serverError,
  validationError,
  walletChallengeExpired,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError, expectFitsPhone, expectToast, PHONE } from '../shared/story-helpers.ts';
import { WalletScreen } from './WalletScreen.tsx';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TX_HASH = '0x8f1c4e0d7a3b9f2e6c5d4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e';

function payout(status: Payout['status']): Payout {
  return {
    id: `payout-${status}`,
    status,
    brnd_tokens: 2500,
    amount: '2500000000000000000000',
    walletAddress: ADDRESS,
    txHash: status === 'failed' ? null : TX_HASH,
    created_at: '2026-11-20T10:15:00.000Z',
  };
}

const funded = respondWith(wallet, {
  wallet: [{ amount: 7.5, brnd_tokens: 2500, walletAddress: ADDRESS, walletVerified: true }],
});
const paidOut = respondWith(wallet, {
  wallet: [{ amount: 7.5, brnd_tokens: 0, walletAddress: ADDRESS, walletVerified: true }],
});
const noAddress = respondWith(wallet, {
  wallet: [{ amount: 0, brnd_tokens: 120, walletAddress: null, walletVerified: false }],
});
/** An address saved before proofs were required: shown, but not paid to. */
const unproven = respondWith(wallet, {
  wallet: [{ amount: 0, brnd_tokens: 120, walletAddress: ADDRESS, walletVerified: false }],
});

const NONCE = '9f3c1a7e5b2d4f6a8c0e1b3d';
const MESSAGE = [
  'localhost wants you to sign in with your Ethereum account:',
  ADDRESS,
  '',
  'I control this wallet and want it to receive my BRND payouts and count for my Premium.',
  '',
  'URI: http://localhost',
  'Version: 1',
  'Chain ID: 31337',
  `Nonce: ${NONCE}`,
  'Issued At: 2026-11-20T10:15:00.000Z',
  'Expiration Time: 2026-11-20T10:25:00.000Z',
].join('\n');
const SIGNATURE = `0x${'ab'.repeat(65)}`;
const challenged = respondWith(walletChallenge, {
  nonce: NONCE,
  message: MESSAGE,
  chainId: 31337,
  expiresAt: '2026-11-20T10:25:00.000Z',
});

/** A browser wallet (EIP-1193) that signs whatever it is asked, recording the requests. */
const walletRequests: { method: string; params?: unknown[] }[] = [];
function injectBrowserWallet(answer: 'sign' | 'refuse') {
  (globalThis as { ethereum?: unknown }).ethereum = {
    request: async (args: { method: string; params?: unknown[] }) => {
      walletRequests.push(args);
      if (args.method === 'eth_requestAccounts') return [ADDRESS];
      if (answer === 'refuse') throw Object.assign(new Error('User rejected'), { code: 4001 });
      return SIGNATURE;
    },
  };
  return () => {
    delete (globalThis as { ethereum?: unknown }).ethereum;
  };
}
const listOf = (...rows: Payout[]) => respondWith(payouts, { payouts: rows });

/** The bodies the wallet endpoints received in the running story. */
const sent: { path: string; body: Record<string, string>; key?: string | null }[] = [];
const saved = http.post('*/api/user/updatewallet', async ({ request }) => {
  const body = Object.fromEntries(new URLSearchParams(await request.text()));
  sent.push({ path: '/api/user/updatewallet', body });
  return HttpResponse.json({ message: 'success' });
});

const claimed = http.post('*/api/user/payouts/claim', async ({ request }) => {
  const body = Object.fromEntries(new URLSearchParams(await request.text()));
  sent.push({ path: '/api/user/payouts/claim', body, key: request.headers.get('idempotency-key') });
  return HttpResponse.json(
    { message: 'success', payout: { ...payout('pending'), brnd_tokens: Number(body.brnd_tokens) } },
    { status: 202 },
  );
});

const meta = {
  title: 'Screens/Wallet/Screen',
  component: WalletScreen,
  parameters: { session: { token: 'session-token', name: 'Anna Nowak' } },
  beforeEach: () => {
    sent.length = 0;
    walletRequests.length = 0;
  },
} satisfies Meta<typeof WalletScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No payout yet: the balance can be claimed; the exchange warning is always shown. */
export const NoPayouts: Story = {
  parameters: { msw: { handlers: [funded, listOf()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('wallet.payouts.empty'))).toBeVisible();
    await expect(canvas.getByText(t('wallet.exchangeWarning'))).toBeVisible();
    await expect(canvas.getByText(t('wallet.verified'))).toBeVisible();
    await expect(canvas.getByLabelText(t('wallet.address'), { selector: 'input' })).toHaveValue(
      ADDRESS,
    );
    await expect(canvas.getByRole('button', { name: t.exact('wallet.payOut') })).toBeEnabled();
  },
};

/** On a phone the warning, the address field and the payout button all fit the screen. */
export const OnPhone: Story = {
  globals: PHONE,
  parameters: { msw: { handlers: [funded, listOf()] } },
  play: async ({ canvas, canvasElement, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('wallet.payouts.empty'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.exact('wallet.payOut') })).toBeVisible();
    await expectFitsPhone(canvasElement);
  },
};

/** Part of the balance: the confirmation names the amount and address; only its button sends. */
export const PayOutPart: Story = {
  parameters: { msw: { handlers: [funded, listOf(), claimed] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const input = await canvas.findByLabelText(t('wallet.amount'), { selector: 'input' });
    await userEvent.type(input, '1000');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('wallet.payOut') }));
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('wallet.confirm.title', { count: 1000 }),
    });
    await expect(dialog).toHaveTextContent(ADDRESS);
    await expect(dialog).toHaveTextContent(t('common.confirm.cannotUndo'));
    await expect(sent).toHaveLength(0);
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: t.exact('wallet.confirm.action', { count: 1000 }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('wallet.claimed'));
    await expect(sent).toHaveLength(1);
    await expect(sent[0]?.body).toEqual({ brnd_tokens: '1000' });
    await expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
  },
};

/** Cancel (or Escape) closes the confirmation and nothing is paid out. */
export const PayOutCancelled: Story = {
  parameters: { msw: { handlers: [funded, listOf(), claimed] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(await canvas.findByRole('button', { name: t.exact('wallet.all') }));
    await expect(canvas.getByLabelText(t('wallet.amount'), { selector: 'input' })).toHaveValue(
      '2500',
    );
    const submit = canvas.getByRole('button', { name: t.exact('wallet.payOut') });
    await userEvent.click(submit);
    await screen.findByRole('dialog', { name: t.exact('wallet.confirm.title', { count: 2500 }) });
    await userEvent.click(screen.getByRole('button', { name: t.exact('common.confirm.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(submit);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent).toHaveLength(0);
  },
};

/** Each wrong amount has its own message and never reaches the confirmation. */
export const PayOutWrongAmounts: Story = {
  parameters: { msw: { handlers: [funded, listOf(), claimed] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const input = await canvas.findByLabelText(t('wallet.amount'), { selector: 'input' });
    const cases: [string, string][] = [
      ['', 'validation.payoutAmount'],
      ['abc', 'validation.payoutAmount'],
      ['1.5', 'validation.payoutWhole'],
      ['0', 'validation.payoutPositive'],
      ['2501', 'wallet.errors.overBalance'],
    ];
    for (const [typed, message] of cases) {
      await userEvent.clear(input);
      if (typed) await userEvent.type(input, typed);
      await userEvent.click(canvas.getByRole('button', { name: t.exact('wallet.payOut') }));
      await expectFieldError(canvas, t('wallet.amount'), t(message));
    }
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(sent).toHaveLength(0);
  },
};

export const PayoutPending: Story = {
  parameters: { msw: { handlers: [paidOut, listOf(payout('pending'))] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(within(table).getByText(t('wallet.payouts.pending'))).toBeVisible();
    await expect(within(table).getByText(TX_HASH)).toBeVisible();
    await expect(canvas.getByText(t('wallet.claimNothing'))).toBeVisible();
  },
};

export const PayoutConfirmed: Story = {
  parameters: { msw: { handlers: [paidOut, listOf(payout('confirmed'))] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(within(table).getByText(t('wallet.payouts.confirmed'))).toBeVisible();
  },
};

/** A failed payout: its tokens are back on the balance, ready to claim again. */
export const PayoutFailed: Story = {
  parameters: { msw: { handlers: [funded, listOf(payout('failed'))] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(within(table).getByText(t('wallet.payouts.failed'))).toBeVisible();
    await expect(within(table).getByText('—')).toBeVisible();
  },
};

/** Without a saved address nothing can be paid out; an empty address is refused. */
export const AddressMissing: Story = {
  parameters: { msw: { handlers: [noAddress, listOf(), saved] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await expect(await context.canvas.findByText(t('wallet.claimNeedsAddress'))).toBeVisible();
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('wallet.save') }),
    );
    await expectFieldError(context.canvas, t('wallet.address'), t('validation.wallet'));
    await expect(sent).toHaveLength(0);
  },
};

/** Step one: the address asks for a message to sign, which is shown to copy. */
async function askToSign(context: Parameters<NonNullable<Story['play']>>[0]) {
  const t = storyIntl(context.globals);
  const input = await context.canvas.findByLabelText(t('wallet.address'), { selector: 'input' });
  await context.userEvent.clear(input);
  await context.userEvent.type(input, ADDRESS);
  await context.userEvent.click(
    context.canvas.getByRole('button', { name: t.exact('wallet.save') }),
  );
  const message = await context.canvas.findByLabelText(t('wallet.proof.message'));
  await expect(message).toHaveValue(MESSAGE);
  return t;
}

/** An address saved before proofs: it is not paid to until signed. */
export const AddressUnproven: Story = {
  parameters: { msw: { handlers: [unproven, listOf()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('wallet.unverified'))).toBeVisible();
    await expect(canvas.getByText(t('wallet.claimNeedsProof'))).toBeVisible();
    await expect(canvas.queryByLabelText(t('wallet.amount'))).not.toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: t.exact('wallet.payOut') }),
    ).not.toBeInTheDocument();
  },
};

/** With a browser wallet: one click signs, the password confirms, the wallet is saved. */
export const SignWithBrowserWallet: Story = {
  parameters: { msw: { handlers: [noAddress, listOf(), challenged, saved] } },
  beforeEach: () => injectBrowserWallet('sign'),
  play: async (context) => {
    const t = await askToSign(context);
    const { canvas, userEvent } = context;
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('wallet.proof.signInBrowser') }),
    );
    await expect(canvas.getByLabelText(t('wallet.proof.signature'))).toHaveValue(SIGNATURE);
    await expect(walletRequests.at(-1)).toMatchObject({ method: 'personal_sign' });
    await expect(walletRequests.at(-1)?.params?.[1]).toBe(ADDRESS);
    await userEvent.type(canvas.getByLabelText(t('wallet.proof.password')), 'Secret12!x');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('wallet.proof.confirm') }));
    await expectToast(t, 'success', t('wallet.saved'));
    await expect(sent).toEqual([
      {
        path: '/api/user/updatewallet',
        body: {
          walletAddress: ADDRESS,
          nonce: NONCE,
          signature: SIGNATURE,
          password: 'Secret12!x',
        },
      },
    ]);
  },
};

/** The browser wallet refuses: the user is told and can still paste a signature. */
export const BrowserWalletRefuses: Story = {
  parameters: { msw: { handlers: [noAddress, listOf(), challenged, saved] } },
  beforeEach: () => injectBrowserWallet('refuse'),
  play: async (context) => {
    const t = await askToSign(context);
    const { canvas, userEvent } = context;
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('wallet.proof.signInBrowser') }),
    );
    await expect(await canvas.findByText(t('wallet.proof.signFailed'))).toBeVisible();
    await expect(canvas.getByLabelText(t('wallet.proof.signature'))).toHaveValue('');
  },
};

/** No browser wallet: the message is copied, signed elsewhere, the signature pasted. */
export const PasteSignature: Story = {
  parameters: { msw: { handlers: [noAddress, listOf(), challenged, saved] } },
  play: async (context) => {
    const t = await askToSign(context);
    const { canvas, userEvent } = context;
    await expect(canvas.getByText(t('wallet.proof.noBrowserWallet'))).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: t.exact('wallet.proof.signInBrowser') }),
    ).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: t.exact('wallet.proof.confirm') }));
    await expectFieldError(canvas, t('wallet.proof.signature'), t('validation.signature'));
    await expect(sent).toHaveLength(0);
    await userEvent.type(canvas.getByLabelText(t('wallet.proof.signature')), SIGNATURE);
    await userEvent.type(canvas.getByLabelText(t('wallet.proof.password')), 'Secret12!x');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('wallet.proof.confirm') }));
    await expectToast(t, 'success', t('wallet.saved'));
    await expect(sent[0]?.body).toMatchObject({ signature: SIGNATURE, nonce: NONCE });
  },
};

/** Signed by another key: the bff says so under the signature; nothing is saved. */
export const WrongSigner: Story = {
  parameters: {
    msw: {
      handlers: [
        noAddress,
        listOf(),
        challenged,
        validationError(updateWallet, { signature: 'wallet.errors.wrongSigner' }),
      ],
    },
  },
  play: async (context) => {
    const t = await askToSign(context);
    const { canvas, userEvent } = context;
    await userEvent.type(canvas.getByLabelText(t('wallet.proof.signature')), SIGNATURE);
    await userEvent.type(canvas.getByLabelText(t('wallet.proof.password')), 'Secret12!x');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('wallet.proof.confirm') }));
    await expectFieldError(canvas, t('wallet.proof.signature'), t('wallet.errors.wrongSigner'));
  },
};

/** Too late, or sent twice: the user is told to ask for a new message. */
export const ChallengeExpired: Story = {
  parameters: {
    msw: { handlers: [noAddress, listOf(), challenged, walletChallengeExpired()] },
  },
  play: async (context) => {
    const t = await askToSign(context);
    const { canvas, userEvent } = context;
    await userEvent.type(canvas.getByLabelText(t('wallet.proof.signature')), SIGNATURE);
    await userEvent.type(canvas.getByLabelText(t('wallet.proof.password')), 'Secret12!x');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('wallet.proof.confirm') }));
    await expectToast(t, 'danger', t('wallet.errors.challengeExpired'));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(wallet), listOf()] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
  },
};
