import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { signup } from '@brnd/contracts/api/accounts';
import { DEFAULT_PHONE_COUNTRY } from '@brnd/contracts/domain/constants';
import { AcceptedSchema } from '@brnd/contracts/domain/rules';
import { Alert } from '../../components/Alert/Alert.tsx';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Link } from '../../navigation.tsx';
import { AccountBenefits } from '../shared/AccountBenefits.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';
import { useAppForm } from '../shared/app-form.tsx';

/** The sign-up body's rules (the referral code is not typed by the user) plus the terms box. */
export const RegisterFormSchema = v.object({
  ...v.omit(signup.body, ['referral_code']).entries,
  terms: AcceptedSchema,
});
export type RegisterValues = v.InferOutput<typeof RegisterFormSchema>;

const EMPTY: v.InferInput<typeof RegisterFormSchema> = {
  name: '',
  mobile: '',
  email: '',
  password: '',
  terms: false,
};

export interface RegisterViewProps {
  onSubmit(values: RegisterValues): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
  /** Filled in from a mail's link (tokens waiting for this address). */
  email?: string;
  /** Came through a member's referral link: say so, so the visitor knows it was kept. */
  invited?: boolean;
}

export function RegisterView({
  onSubmit,
  submitting = false,
  serverErrors,
  email = '',
  invited = false,
}: RegisterViewProps) {
  const intl = useIntl();
  const form = useAppForm({
    defaultValues: { ...EMPTY, email },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: RegisterFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(RegisterFormSchema, value)),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <AuthLayout
      title={intl.formatMessage({ id: 'accounts.register.title' })}
      subtitle={intl.formatMessage({ id: 'accounts.register.intro' })}
      aside={<AccountBenefits />}
    >
      {invited && <Alert>{intl.formatMessage({ id: 'accounts.register.invited' })}</Alert>}
      <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              label={intl.formatMessage({ id: 'accounts.fields.fullName' })}
              autoComplete="name"
            />
          )}
        </form.AppField>
        <form.AppField name="mobile">
          {(field) => (
            <field.PhoneField
              label={intl.formatMessage({ id: 'accounts.fields.mobile' })}
              defaultCountry={DEFAULT_PHONE_COUNTRY}
            />
          )}
        </form.AppField>
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
              hint={intl.formatMessage({ id: 'accounts.fields.passwordHint' })}
              autoComplete="new-password"
            />
          )}
        </form.AppField>
        <form.AppField name="terms">
          {(field) => (
            <field.CheckboxField
              label={intl.formatMessage(
                { id: 'accounts.register.terms' },
                {
                  terms: (chunks) => <Link to="/terms-of-service">{chunks}</Link>,
                  privacy: (chunks) => <Link to="/privacypolicy">{chunks}</Link>,
                },
              )}
            />
          )}
        </form.AppField>
        <Button type="submit" fullWidth busy={submitting}>
          {intl.formatMessage({ id: 'accounts.register.submit' })}
        </Button>
      </form>
      <p className={styles.alternative}>
        {intl.formatMessage(
          { id: 'accounts.register.haveAccount' },
          { login: (chunks) => <Link to="/login">{chunks}</Link> },
        )}
      </p>
    </AuthLayout>
  );
}
