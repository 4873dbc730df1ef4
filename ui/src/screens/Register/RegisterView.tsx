import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { signup } from '@brnd/contracts/api/accounts';
import { DEFAULT_PHONE_COUNTRY } from '@brnd/contracts/domain/constants';
import { AcceptedSchema } from '@brnd/contracts/domain/rules';
import { Alert } from '../../components/Alert/Alert.tsx';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Checkbox } from '../../components/Checkbox/Checkbox.tsx';
import { PasswordField } from '../../components/PasswordField/PasswordField.tsx';
import { PhoneField } from '../../components/PhoneField/PhoneField.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { Link } from '../../navigation.tsx';
import { AccountBenefits } from '../shared/AccountBenefits.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import {
  submitHandler,
  useErrorText,
  useInputProps,
  useServerFieldErrors,
} from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

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
  const inputProps = useInputProps();
  const errorText = useErrorText();
  const form = useForm({
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
        <form.Field name="name">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={intl.formatMessage({ id: 'accounts.fields.fullName' })}
              autoComplete="name"
            />
          )}
        </form.Field>
        <form.Field name="mobile">
          {(field) => (
            <PhoneField
              label={intl.formatMessage({ id: 'accounts.fields.mobile' })}
              value={field.state.value}
              onChange={(value) => field.handleChange(value)}
              defaultCountry={DEFAULT_PHONE_COUNTRY}
              error={errorText(field.state.meta.errors)}
            />
          )}
        </form.Field>
        <form.Field name="email">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={intl.formatMessage({ id: 'accounts.fields.email' })}
              type="email"
              autoComplete="email"
              inputMode="email"
            />
          )}
        </form.Field>
        <form.Field name="password">
          {(field) => (
            <PasswordField
              {...inputProps(field)}
              label={intl.formatMessage({ id: 'accounts.fields.password' })}
              hint={intl.formatMessage({ id: 'accounts.fields.passwordHint' })}
              autoComplete="new-password"
            />
          )}
        </form.Field>
        <form.Field name="terms">
          {(field) => (
            <Checkbox
              checked={field.state.value === true}
              onChange={(checked) => field.handleChange(checked)}
              error={errorText(field.state.meta.errors)}
              label={intl.formatMessage(
                { id: 'accounts.register.terms' },
                {
                  terms: (chunks) => <Link to="/terms-of-service">{chunks}</Link>,
                  privacy: (chunks) => <Link to="/privacypolicy">{chunks}</Link>,
                },
              )}
            />
          )}
        </form.Field>
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
