import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TokenAmountSchema, type StakingAction } from '@brnd/contracts/domain/brand-tokens';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useErrorText } from '../shared/forms.ts';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import {
  BRAND_TOKENS_KEY,
  stakingStatusQueryOptions,
  useStakingTransactionsMutation,
} from '../shared/brand-token-queries.ts';
import { StakingPanelView, type FailureReason, type WalletProblem } from './StakingPanelView.tsx';

/** The browser wallet's EIP-1193 provider (MetaMask and the like put it on `window.ethereum`). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function browserWallet(): Eip1193Provider | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate = (window as { ethereum?: Eip1193Provider }).ethereum;
  return candidate && typeof candidate.request === 'function' ? candidate : undefined;
}

const RECEIPT_POLL_MS = 1_000;
const RECEIPT_TIMEOUT_MS = 180_000;

/** The next transaction (stake after approve) is only valid once the previous one is mined. */
async function waitForReceipt(wallet: Eip1193Provider, hash: string): Promise<void> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const receipt = (await wallet.request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as { status?: string } | null;
    if (receipt) {
      if (receipt.status === '0x0') throw new Error('reverted');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
  throw new Error('timeout');
}

/**
 * What went wrong, in words the page can say: a wallet's or the chain's own message (often a
 * dump of the whole request) is no sentence for a person.
 */
function failureReason(error: unknown): FailureReason {
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'reverted' || message === 'timeout') return message;
  return /insufficient funds/i.test(message) ? 'funds' : 'other';
}

const isRejection = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;

/** Staking BRND for Premium from the user's own wallet; the bff prepares the calldata. */
export function StakingPanel() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `brandTokens.staking.${id}` }, values);
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const status = useQuery(stakingStatusQueryOptions(api));
  const prepare = useStakingTransactionsMutation();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [progress, setProgress] = useState<{ step: number; steps: number } | null>(null);
  const [problem, setProblem] = useState<WalletProblem | null>(null);
  const wallet = browserWallet();

  if (status.isPending) return <Spinner label={intl.formatMessage({ id: 'common.loading' })} />;
  if (status.isError) {
    return <Alert variant="danger">{brandTokenErrorText(status.error, intl)}</Alert>;
  }
  const data = status.data;

  async function run(action: StakingAction) {
    setProblem(null);
    let body: { action: StakingAction; amount?: number } = { action };
    if (action !== 'withdraw') {
      const parsed = v.safeParse(TokenAmountSchema, amount);
      if (!parsed.success) {
        setAmountError(errorText(parsed.issues));
        return;
      }
      setAmountError(undefined);
      body = { action, amount: parsed.output };
    }
    if (!wallet || !data.wallet) return;
    try {
      const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
      const account = accounts[0] ?? '';
      if (account.toLowerCase() !== data.wallet.toLowerCase()) {
        setProblem({ kind: 'wrongAccount', account });
        return;
      }
      const chainId = (await wallet.request({ method: 'eth_chainId' })) as string;
      if (Number(chainId) !== data.chain_id) {
        setProblem({ kind: 'wrongChain' });
        return;
      }
      let prepared;
      try {
        prepared = await prepare.mutateAsync(body);
      } catch (error) {
        setProblem({ kind: 'api', error });
        return;
      }
      const steps = prepared.transactions.length;
      for (const [index, transaction] of prepared.transactions.entries()) {
        setProgress({ step: index + 1, steps });
        const hash = (await wallet.request({
          method: 'eth_sendTransaction',
          params: [transaction],
        })) as string;
        await waitForReceipt(wallet, hash);
      }
      setAmount('');
      toast.success(t('sent', { count: steps }));
    } catch (error) {
      setProblem(
        isRejection(error)
          ? { kind: 'rejected' }
          : { kind: 'failed', reason: failureReason(error) },
      );
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: [BRAND_TOKENS_KEY] });
    }
  }

  return (
    <StakingPanelView
      status={data}
      hasBrowserWallet={wallet !== undefined}
      amount={amount}
      amountError={amountError}
      onAmountChange={setAmount}
      onRun={(action) => void run(action)}
      busy={progress !== null || prepare.isPending}
      progress={progress}
      problem={problem}
    />
  );
}
