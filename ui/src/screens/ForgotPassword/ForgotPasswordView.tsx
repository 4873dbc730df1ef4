import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { forgotPassword } from '@brnd/contracts/api/accounts';
import { Alert } from '../../components/Alert/Alert.tsx';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Link } from '../../navigation.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

export const ForgotPasswordFormSchema = forgotPassword.body;

export interface ForgotPasswordViewProps {
  onSubmit(email: string): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
  /** The address a reset link was just requested for. */
  sentTo?: string;
}

export function ForgotPasswordView({
  onSubmit,
  submitting = false,
  serverErrors,
  sentTo,
}: ForgotPasswordViewProps) {
  const intl = useIntl();
  const form = useAppForm({
    defaultValues: { email: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ForgotPasswordFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(ForgotPasswordFormSchema, value).email),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <AuthLayout title={intl.formatMessage({ id: 'accounts.forgotPassword.title' })}>
      {sentTo ? (
        <Alert variant="success">
          {intl.formatMessage(
            { id: 'accounts.forgotPassword.sent' },
            { email: <strong key="email">{sentTo}</strong> },
          )}
        </Alert>
      ) : (
        <>
          <p className={styles.muted}>
            {intl.formatMessage({ id: 'accounts.forgotPassword.intro' })}
          </p>
          <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
            <form.AppField name="email">
              {(field) => (
                <field.TextField
                  label={intl.formatMessage({ id: 'accounts.fields.email' })}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                />
              )}
            </form.AppField>
            <Button type="submit" fullWidth busy={submitting}>
              {intl.formatMessage({ id: 'accounts.forgotPassword.submit' })}
            </Button>
          </form>
        </>
      )}
      <p className={styles.alternative}>
        <Link to="/login">{intl.formatMessage({ id: 'accounts.common.backToLogin' })}</Link>
      </p>
    </AuthLayout>
  );
}
