import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { updateWallet } from '@brnd/contracts/api/wallet';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from './WalletView.module.css';
import screen from '../shared/screen.module.css';

/** What the user adds to the challenge: the wallet's signature and the account password. */
export const WalletProofSchema = v.pick(updateWallet.body, ['signature', 'password']);
export type WalletProofValues = v.InferOutput<typeof WalletProofSchema>;

export interface WalletChallengeView {
  walletAddress: string;
  nonce: string;
  message: string;
  expiresAt: string;
}

export interface WalletProofProps {
  challenge: WalletChallengeView;
  /** Present when the browser has a wallet (EIP-1193) that can sign here. */
  onSignInBrowser?: () => Promise<string>;
  onConfirm(values: WalletProofValues): void;
  onCancel(): void;
  confirming?: boolean;
  errors?: FieldErrors;
}

/**
 * Step two of saving a payout wallet (decision 042): the message to sign, signed by the browser's
 * wallet or elsewhere (the signature pasted), and the password as a fresh login.
 */
export function WalletProof({
  challenge,
  onSignInBrowser,
  onConfirm,
  onCancel,
  confirming = false,
  errors,
}: WalletProofProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const form = useAppForm({
    defaultValues: { signature: '', password: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: WalletProofSchema },
    onSubmit: ({ value }) => onConfirm(v.parse(WalletProofSchema, value)),
  });
  useServerFieldErrors(form, errors);

  const [signFailed, setSignFailed] = useState(false);

  async function signInBrowser() {
    if (!onSignInBrowser) return;
    setSignFailed(false);
    try {
      form.setFieldValue('signature', await onSignInBrowser());
    } catch {
      // Refused in the wallet, or no account: the user may still sign elsewhere and paste.
      setSignFailed(true);
    }
  }

  return (
    <section className={styles.proof} aria-labelledby="wallet-proof-heading">
      <h3 id="wallet-proof-heading" className={styles.proofHeading}>
        {t('wallet.proof.heading')}
      </h3>
      <p>{t('wallet.proof.intro', { address: challenge.walletAddress })}</p>
      <label className={styles.messageLabel} htmlFor="wallet-proof-message">
        {t('wallet.proof.message')}
      </label>
      <textarea
        id="wallet-proof-message"
        className={styles.message}
        readOnly
        rows={11}
        value={challenge.message}
        aria-describedby="wallet-proof-expiry"
      />
      <p id="wallet-proof-expiry" className={screen.muted}>
        {t('wallet.proof.expires', {
          time: intl.formatTime(challenge.expiresAt, { timeStyle: 'short' }),
        })}
      </p>
      {onSignInBrowser ? (
        <div className={screen.actions}>
          <Button variant="secondary" onClick={() => void signInBrowser()}>
            {t('wallet.proof.signInBrowser')}
          </Button>
        </div>
      ) : (
        <Alert variant="info">{t('wallet.proof.noBrowserWallet')}</Alert>
      )}
      {signFailed && <Alert variant="danger">{t('wallet.proof.signFailed')}</Alert>}
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.AppField name="signature">
          {(field) => (
            <field.TextField
              label={t('wallet.proof.signature')}
              hint={t('wallet.proof.signatureHint')}
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
            />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.PasswordField
              label={t('wallet.proof.password')}
              hint={t('wallet.proof.passwordHint')}
              autoComplete="current-password"
            />
          )}
        </form.AppField>
        <div className={screen.actions}>
          <Button type="submit" busy={confirming}>
            {t('wallet.proof.confirm')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('wallet.proof.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
