import { useId } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { PHONE_CODE_LENGTH } from '@brnd/contracts/domain/constants';
import { PhoneCodeSchema } from '@brnd/contracts/domain/rules';
import { Alert } from '../../components/Alert/Alert.tsx';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { formatClock, useNow } from '../../components/Countdown/countdown.ts';
import { Link } from '../../navigation.tsx';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

/** The four boxes, joined, must pass the same rule the server checks. */
export const PhoneCodeFormSchema = v.object({
  digits: v.pipe(
    v.array(v.string()),
    v.transform((digits) => digits.join('')),
    PhoneCodeSchema,
  ),
});

export interface PhoneVerifyViewProps {
  /** The e-mail code that authorises the phone steps; the edit link carries it. */
  code: string;
  onSubmit(smsCode: string): void;
  submitting?: boolean;
  onResend(): void;
  resending?: boolean;
  /** The SMS code is dead (too old or too many wrong tries): only a new one helps. */
  expired?: boolean;
  /** Epoch ms when the server's resend cooldown ends (decision 040); until then a timer shows. */
  resendAvailableAt?: number | undefined;
  /** The number is verified on another account: only another number finishes sign-up. */
  taken?: boolean;
}

export function PhoneVerifyView({
  code,
  onSubmit,
  submitting = false,
  onResend,
  resending = false,
  expired = false,
  resendAvailableAt,
  taken = false,
}: PhoneVerifyViewProps) {
  const intl = useIntl();
  const now = useNow();
  const waitMs = resendAvailableAt === undefined ? 0 : resendAvailableAt - now;
  const waiting = waitMs > 0;
  const timerId = useId();
  const form = useAppForm({
    defaultValues: { digits: Array.from({ length: PHONE_CODE_LENGTH }, () => '') },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: PhoneCodeFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(PhoneCodeFormSchema, value).digits),
  });

  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'accounts.phoneVerify.title' })}
      subtitle={intl.formatMessage({ id: 'accounts.phoneVerify.intro' })}
    >
      {expired && (
        <Alert variant="warning">{intl.formatMessage({ id: 'errors.codeExpired' })}</Alert>
      )}
      {taken && <Alert variant="warning">{intl.formatMessage({ id: 'errors.phoneTaken' })}</Alert>}
      <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
        <form.AppField name="digits">
          {(field) => (
            <field.CodeField label={intl.formatMessage({ id: 'accounts.phoneVerify.codeLabel' })} />
          )}
        </form.AppField>
        <div className={styles.row}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={onResend}
            disabled={resending || waiting}
            aria-busy={resending || undefined}
            aria-describedby={waiting ? timerId : undefined}
          >
            {intl.formatMessage({ id: 'accounts.phoneVerify.resend' })}
          </button>
          {waiting && (
            // A timer is not announced every second; the button's description names it.
            <span id={timerId} role="timer" className={styles.muted}>
              {intl.formatMessage(
                { id: 'accounts.phoneVerify.resendIn' },
                { time: formatClock(waitMs) },
              )}
            </span>
          )}
          <Link to="/editPhone" options={{ search: { edit: '', code } }}>
            {intl.formatMessage({ id: 'accounts.phoneVerify.editNumber' })}
          </Link>
        </div>
        <Button type="submit" fullWidth busy={submitting}>
          {intl.formatMessage({ id: 'accounts.phoneVerify.submit' })}
        </Button>
      </form>
    </AuthLayout>
  );
}
