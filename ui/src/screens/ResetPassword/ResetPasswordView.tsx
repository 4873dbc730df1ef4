import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { PasswordSchema } from '@brnd/contracts/domain/rules';
import { Alert } from '../../components/Alert/Alert.tsx';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Link } from '../../navigation.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

export const ResetPasswordFormSchema = v.pipe(
  v.object({ password: PasswordSchema, confirm: v.string() }),
  v.forward(
    v.check((input) => input.confirm === input.password, 'validation.passwordMismatch'),
    ['confirm'],
  ),
);

export interface ResetPasswordViewProps {
  onSubmit(password: string): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
  /** The reset link is unknown, used or older than an hour. */
  linkInvalid?: boolean;
}

export function ResetPasswordView({
  onSubmit,
  submitting = false,
  serverErrors,
  linkInvalid = false,
}: ResetPasswordViewProps) {
  const intl = useIntl();
  const form = useAppForm({
    defaultValues: { password: '', confirm: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ResetPasswordFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(ResetPasswordFormSchema, value).password),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <AuthLayout title={intl.formatMessage({ id: 'accounts.resetPassword.title' })}>
      {linkInvalid ? (
        <>
          <Alert variant="danger">{intl.formatMessage({ id: 'errors.linkInvalid' })}</Alert>
          <p>
            <Link to="/forgotpassword">
              {intl.formatMessage({ id: 'accounts.resetPassword.requestNew' })}
            </Link>
          </p>
        </>
      ) : (
        <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
          <form.AppField name="password">
            {(field) => (
              <field.PasswordField
                label={intl.formatMessage({ id: 'accounts.fields.newPassword' })}
                hint={intl.formatMessage({ id: 'accounts.fields.passwordHint' })}
                autoComplete="new-password"
              />
            )}
          </form.AppField>
          <form.AppField name="confirm">
            {(field) => (
              <field.PasswordField
                label={intl.formatMessage({ id: 'accounts.fields.confirmPassword' })}
                autoComplete="new-password"
              />
            )}
          </form.AppField>
          <Button type="submit" fullWidth busy={submitting}>
            {intl.formatMessage({ id: 'accounts.resetPassword.submit' })}
          </Button>
        </form>
      )}
      <p className={styles.alternative}>
        <Link to="/login">{intl.formatMessage({ id: 'accounts.common.backToLogin' })}</Link>
      </p>
    </AuthLayout>
  );
}
