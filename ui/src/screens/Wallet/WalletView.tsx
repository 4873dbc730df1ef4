import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { walletChallenge, type Payout, type Wallet } from '@brnd/contracts/api/wallet';
import { wholeTokens } from '@brnd/contracts/domain/constants';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import { PayoutForm } from './PayoutForm.tsx';
import { WalletProof, type WalletProofProps } from './WalletProof.tsx';
import styles from './WalletView.module.css';
import screen from '../shared/screen.module.css';

export const WalletFormSchema = walletChallenge.body;
export type WalletFormValues = v.InferOutput<typeof WalletFormSchema>;

export interface WalletViewProps {
  wallet: Wallet;
  payouts: Payout[];
  /** Step one of saving an address: ask for the message to sign. */
  onSaveAddress(values: WalletFormValues): void;
  savingAddress?: boolean;
  addressErrors?: FieldErrors;
  /** Step two, once the message is there (WalletProof). */
  proof?: WalletProofProps;
  onClaim(tokens: number, done: () => void): void;
  claiming?: boolean;
  claimErrors?: FieldErrors | undefined;
}

/** The dashboard's wallet section: balance, the payout address (with the exchange warning), payouts. */
export function WalletView({
  wallet,
  payouts,
  onSaveAddress,
  savingAddress = false,
  addressErrors,
  proof,
  onClaim,
  claiming = false,
  claimErrors,
}: WalletViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const form = useAppForm({
    defaultValues: { walletAddress: wallet.walletAddress ?? '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: WalletFormSchema },
    onSubmit: ({ value }) => onSaveAddress(v.parse(WalletFormSchema, value)),
  });
  useServerFieldErrors(form, addressErrors);
  const proven = Boolean(wallet.walletAddress) && wallet.walletVerified;
  // Only a proven wallet is paid (decision 042), in whole tokens: a fraction alone is not enough.
  const canClaim = proven && wholeTokens(wallet.brnd_tokens) >= 1;
  const claimHint = !wallet.walletAddress
    ? 'wallet.claimNeedsAddress'
    : !wallet.walletVerified
      ? 'wallet.claimNeedsProof'
      : 'wallet.claimNothing';

  return (
    <div className={styles.wallet}>
      <Card title={t('wallet.heading')}>
        <dl className={styles.figures}>
          <div>
            <dt>{t('wallet.balance')}</dt>
            <dd>{t('wallet.tokens', { count: wholeTokens(wallet.brnd_tokens) })}</dd>
          </div>
          <div>
            <dt>{t('wallet.spent')}</dt>
            <dd>{t('wallet.usd', { amount: wallet.amount })}</dd>
          </div>
        </dl>
        <Alert variant="warning">{t('wallet.exchangeWarning')}</Alert>
        {proven && <p className={styles.verified}>{t('wallet.verified')}</p>}
        {wallet.walletAddress && !wallet.walletVerified && (
          <Alert variant="warning">{t('wallet.unverified')}</Alert>
        )}
        <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
          <form.AppField name="walletAddress">
            {(field) => (
              <field.TextField
                label={t('wallet.address')}
                hint={t('wallet.addressHint')}
                autoComplete="off"
                spellCheck={false}
                placeholder="0x…"
              />
            )}
          </form.AppField>
          <div className={screen.actions}>
            <Button
              type="submit"
              variant="secondary"
              busy={savingAddress}
              disabled={proof !== undefined}
            >
              {t('wallet.save')}
            </Button>
          </div>
        </form>
        {proof && <WalletProof {...proof} />}
        {canClaim && wallet.walletAddress && (
          <PayoutForm
            balance={wallet.brnd_tokens}
            walletAddress={wallet.walletAddress}
            onClaim={onClaim}
            claiming={claiming}
            claimErrors={claimErrors}
          />
        )}
        {!canClaim && <p className={screen.muted}>{t(claimHint)}</p>}
      </Card>
      <Card title={t('wallet.payouts.heading')}>
        {payouts.length === 0 ? (
          <p className={screen.muted}>{t('wallet.payouts.empty')}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('wallet.payouts.date')}</th>
                <th scope="col">{t('wallet.payouts.tokens')}</th>
                <th scope="col">{t('wallet.payouts.to')}</th>
                <th scope="col">{t('wallet.payouts.status')}</th>
                <th scope="col">{t('wallet.payouts.transaction')}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr key={payout.id}>
                  <td>{intl.formatDate(payout.created_at, { dateStyle: 'medium' })}</td>
                  <td>{intl.formatNumber(payout.brnd_tokens)}</td>
                  <td className={styles.hash}>{payout.walletAddress}</td>
                  <td>
                    <span className={styles[payout.status]}>
                      {t(`wallet.payouts.${payout.status}`)}
                    </span>
                  </td>
                  <td className={styles.hash}>{payout.txHash ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
