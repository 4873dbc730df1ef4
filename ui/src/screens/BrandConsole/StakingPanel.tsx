import { STAKE_PREMIUM_MIN_AGE_DAYS } from '@brnd/contracts/domain/wallet-proof';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TokenAmountSchema, type StakingAction } from '@brnd/contracts/domain/brand-tokens';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useErrorText } from '../shared/forms.ts';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import {
  BRAND_TOKENS_KEY,
  stakingStatusQueryOptions,
  useStakingTransactionsMutation,
} from '../shared/brand-token-queries.ts';
import screen from '../shared/screen.module.css';
import styles from './BrandConsole.module.css';

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

type WalletProblem =
  | { kind: 'rejected' }
  | { kind: 'wrongAccount'; account: string }
  | { kind: 'wrongChain' }
  | { kind: 'failed'; reason: FailureReason }
  | { kind: 'api'; error: unknown };

type FailureReason = 'reverted' | 'timeout' | 'funds' | 'other';

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
  const number = (value: number) => intl.formatNumber(value);
  const unbondingDays = Math.round(data.unbonding_seconds / 86_400);
  const unbondingReady =
    data.unbonding_until !== null && Date.parse(data.unbonding_until) <= Date.now();

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

  const busy = progress !== null || prepare.isPending;
  const ready = Boolean(wallet && data.wallet);

  return (
    <Card title={t('title')}>
      <p>{t('lead', { threshold: data.premium_threshold, days: STAKE_PREMIUM_MIN_AGE_DAYS })}</p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('walletBrnd')}</dt>
          <dd>{number(data.wallet_brnd)}</dd>
        </div>
        <div>
          <dt>{t('staked')}</dt>
          <dd>{number(data.staked)}</dd>
        </div>
        <div>
          <dt>{t('unbonding')}</dt>
          <dd>{number(data.unbonding)}</dd>
        </div>
      </dl>
      {data.wallet && (
        <p className={screen.muted}>
          {t('wallet')}: <span className={styles.mono}>{data.wallet}</span>
        </p>
      )}
      {data.wallet && !data.wallet_verified && (
        <Alert variant="warning">{t('walletUnproven')}</Alert>
      )}
      <Alert variant={data.premium && !data.premium_from ? 'success' : 'info'}>
        {data.premium
          ? data.premium_from
            ? t('premiumFrom', {
                date: intl.formatDate(data.premium_from, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })
            : t('premium')
          : t('notPremium', { missing: Math.max(0, data.premium_threshold - data.staked) })}
      </Alert>
      {data.unbonding > 0 && data.unbonding_until && (
        <p>
          {unbondingReady
            ? t('unbondingReady', { amount: data.unbonding })
            : t('unbondingUntil', {
                amount: data.unbonding,
                date: intl.formatDate(data.unbonding_until, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
        </p>
      )}
      <p className={screen.muted}>{t('unbondingTime', { days: unbondingDays })}</p>
      {!data.wallet && (
        <Alert variant="warning">
          {t('noWalletSaved')}{' '}
          <ButtonLink to="/user/wallet" variant="secondary">
            {t('walletTab')}
          </ButtonLink>
        </Alert>
      )}
      {data.wallet && !wallet && <Alert variant="warning">{t('noWallet')}</Alert>}
      {ready && (
        <>
          <TextField
            label={t('amount')}
            name="amount"
            inputMode="numeric"
            value={amount}
            error={amountError}
            onChange={(event) => setAmount(event.target.value)}
          />
          <div className={screen.actions}>
            <Button onClick={() => void run('stake')} busy={busy}>
              {t('stake')}
            </Button>
            <Button variant="secondary" onClick={() => void run('unstake')} disabled={busy}>
              {t('unstake')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void run('withdraw')}
              disabled={busy || !unbondingReady}
            >
              {t('withdraw')}
            </Button>
          </div>
        </>
      )}
      {progress && (
        <p role="status">{t('confirming', { step: progress.step, steps: progress.steps })}</p>
      )}
      {problem && (
        <Alert variant="danger">
          {problem.kind === 'rejected' && t('rejected')}
          {problem.kind === 'wrongAccount' &&
            t('wrongAccount', { account: problem.account, wallet: data.wallet ?? '' })}
          {problem.kind === 'wrongChain' && t('wrongChain', { chainId: data.chain_id })}
          {problem.kind === 'failed' && t('walletFailed', { reason: problem.reason })}
          {problem.kind === 'api' && brandTokenErrorText(problem.error, intl)}
        </Alert>
      )}
    </Card>
  );
}
