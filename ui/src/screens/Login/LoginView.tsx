import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { login } from '@brnd/contracts/api/accounts';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Link } from '../../navigation.tsx';
import { AccountBenefits } from '../shared/AccountBenefits.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

/** The same rules the server applies to the login body. */
export const LoginFormSchema = login.body;
export type LoginValues = v.InferOutput<typeof LoginFormSchema>;

export interface LoginViewProps {
  onSubmit(values: LoginValues): void;
  submitting?: boolean;
  /** Per-field messages from the last answer (locale ids). */
  serverErrors?: FieldErrors;
}

export function LoginView({ onSubmit, submitting = false, serverErrors }: LoginViewProps) {
  const intl = useIntl();
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: LoginFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(LoginFormSchema, value)),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'accounts.login.title' })}
      subtitle={intl.formatMessage({ id: 'accounts.login.intro' })}
      aside={<AccountBenefits />}
    >
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
        <form.AppField name="password">
          {(field) => (
            <field.PasswordField
              label={intl.formatMessage({ id: 'accounts.fields.password' })}
              autoComplete="current-password"
            />
          )}
        </form.AppField>
        <div className={styles.row}>
          <Link to="/forgotpassword">
            {intl.formatMessage({ id: 'accounts.login.forgotPassword' })}
          </Link>
        </div>
        <Button type="submit" fullWidth busy={submitting}>
          {intl.formatMessage({ id: 'accounts.login.submit' })}
        </Button>
      </form>
      <div className={styles.alternative}>
        <p>{intl.formatMessage({ id: 'accounts.login.noAccount' })}</p>
        <ButtonLink to="/register" variant="secondary" fullWidth>
          {intl.formatMessage({ id: 'accounts.login.signUp' })}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
