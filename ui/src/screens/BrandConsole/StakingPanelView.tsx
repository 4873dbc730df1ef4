import { STAKE_PREMIUM_MIN_AGE_DAYS } from '@brnd/contracts/domain/wallet-proof';
import { useIntl } from 'react-intl';
import type { stakingStatus } from '@brnd/contracts/api/brand-tokens';
import type { EndpointResponse } from '@brnd/contracts/api/endpoint';
import type { StakingAction } from '@brnd/contracts/domain/brand-tokens';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import screen from '../shared/screen.module.css';
import styles from './BrandConsole.module.css';

export type WalletProblem =
  | { kind: 'rejected' }
  | { kind: 'wrongAccount'; account: string }
  | { kind: 'wrongChain' }
  | { kind: 'failed'; reason: FailureReason }
  | { kind: 'api'; error: unknown };

export type FailureReason = 'reverted' | 'timeout' | 'funds' | 'other';

export interface StakingPanelViewProps {
  status: EndpointResponse<typeof stakingStatus>;
  /** Whether this browser has a wallet (MetaMask and the like) to send the transactions. */
  hasBrowserWallet: boolean;
  amount: string;
  amountError?: string;
  onAmountChange(amount: string): void;
  onRun(action: StakingAction): void;
  busy: boolean;
  /** The transaction the wallet is sending now, counted from 1; null when none is. */
  progress: { step: number; steps: number } | null;
  problem: WalletProblem | null;
}

/** The staking panel: the figures, whether the stake counts for Premium, and the actions. */
export function StakingPanelView({
  status,
  hasBrowserWallet,
  amount,
  amountError,
  onAmountChange,
  onRun,
  busy,
  progress,
  problem,
}: StakingPanelViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `brandTokens.staking.${id}` }, values);
  const number = (value: number) => intl.formatNumber(value);
  const unbondingDays = Math.round(status.unbonding_seconds / 86_400);
  const unbondingReady =
    status.unbonding_until !== null && Date.parse(status.unbonding_until) <= Date.now();
  const ready = Boolean(hasBrowserWallet && status.wallet);

  return (
    <Card title={t('title')}>
      <p>{t('lead', { threshold: status.premium_threshold, days: STAKE_PREMIUM_MIN_AGE_DAYS })}</p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('walletBrnd')}</dt>
          <dd>{number(status.wallet_brnd)}</dd>
        </div>
        <div>
          <dt>{t('staked')}</dt>
          <dd>{number(status.staked)}</dd>
        </div>
        <div>
          <dt>{t('unbonding')}</dt>
          <dd>{number(status.unbonding)}</dd>
        </div>
      </dl>
      {status.wallet && (
        <p className={screen.muted}>
          {t('wallet')}: <span className={styles.mono}>{status.wallet}</span>
        </p>
      )}
      {status.wallet && !status.wallet_verified && (
        <Alert variant="warning">{t('walletUnproven')}</Alert>
      )}
      <Alert variant={status.premium && !status.premium_from ? 'success' : 'info'}>
        {status.premium
          ? status.premium_from
            ? t('premiumFrom', {
                date: intl.formatDate(status.premium_from, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })
            : t('premium')
          : t('notPremium', { missing: Math.max(0, status.premium_threshold - status.staked) })}
      </Alert>
      {status.unbonding > 0 && status.unbonding_until && (
        <p>
          {unbondingReady
            ? t('unbondingReady', { amount: status.unbonding })
            : t('unbondingUntil', {
                amount: status.unbonding,
                date: intl.formatDate(status.unbonding_until, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
        </p>
      )}
      <p className={screen.muted}>{t('unbondingTime', { days: unbondingDays })}</p>
      {!status.wallet && (
        <Alert variant="warning">
          {t('noWalletSaved')}{' '}
          <ButtonLink to="/user/wallet" variant="secondary">
            {t('walletTab')}
          </ButtonLink>
        </Alert>
      )}
      {status.wallet && !hasBrowserWallet && <Alert variant="warning">{t('noWallet')}</Alert>}
      {ready && (
        <>
          <TextField
            label={t('amount')}
            name="amount"
            inputMode="numeric"
            value={amount}
            error={amountError}
            onChange={(event) => onAmountChange(event.target.value)}
          />
          <div className={screen.actions}>
            <Button onClick={() => onRun('stake')} busy={busy}>
              {t('stake')}
            </Button>
            <Button variant="secondary" onClick={() => onRun('unstake')} disabled={busy}>
              {t('unstake')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => onRun('withdraw')}
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
            t('wrongAccount', { account: problem.account, wallet: status.wallet ?? '' })}
          {problem.kind === 'wrongChain' && t('wrongChain', { chainId: status.chain_id })}
          {problem.kind === 'failed' && t('walletFailed', { reason: problem.reason })}
          {problem.kind === 'api' && brandTokenErrorText(problem.error, intl)}
        </Alert>
      )}
    </Card>
  );
}
