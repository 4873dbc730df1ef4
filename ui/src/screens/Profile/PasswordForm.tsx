import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { changePassword } from '@brnd/contracts/api/accounts';
import { Button } from '../../components/Button/Button.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

/** The change-password body's own rules: current required, new password rule, confirmation. */
export const PasswordFormSchema = changePassword.body;
export type PasswordValues = v.InferOutput<typeof PasswordFormSchema>;

const EMPTY: v.InferInput<typeof PasswordFormSchema> = {
  currentpassword: '',
  newpassword: '',
  confirmpassword: '',
};

export interface PasswordFormProps {
  /** Called once the user confirmed in the dialog. */
  onSubmit(values: PasswordValues): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
}

export function PasswordForm({ onSubmit, submitting = false, serverErrors }: PasswordFormProps) {
  const intl = useIntl();
  const [pending, setPending] = useState<PasswordValues | null>(null);
  const form = useAppForm({
    defaultValues: EMPTY,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: PasswordFormSchema },
    // Changing the password ends every session, this one too: the user confirms first.
    onSubmit: ({ value }) => setPending(v.parse(PasswordFormSchema, value)),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <>
      <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
        <form.AppField name="currentpassword">
          {(field) => (
            <field.PasswordField
              label={intl.formatMessage({ id: 'profile.password.current' })}
              autoComplete="current-password"
            />
          )}
        </form.AppField>
        <form.AppField name="newpassword">
          {(field) => (
            <field.PasswordField
              label={intl.formatMessage({ id: 'accounts.fields.newPassword' })}
              hint={intl.formatMessage({ id: 'accounts.fields.passwordHint' })}
              autoComplete="new-password"
            />
          )}
        </form.AppField>
        <form.AppField name="confirmpassword">
          {(field) => (
            <field.PasswordField
              label={intl.formatMessage({ id: 'accounts.fields.confirmPassword' })}
              autoComplete="new-password"
            />
          )}
        </form.AppField>
        <div className={styles.actions}>
          <Button type="submit" busy={submitting}>
            {intl.formatMessage({ id: 'profile.password.submit' })}
          </Button>
        </div>
      </form>
      <Modal
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={intl.formatMessage({ id: 'profile.password.confirmTitle' })}
        description={intl.formatMessage({ id: 'profile.password.confirmText' })}
        footer={
          <>
            <Button variant="ghost" onClick={() => setPending(null)}>
              {intl.formatMessage({ id: 'profile.password.cancel' })}
            </Button>
            <Button
              onClick={() => {
                if (pending) onSubmit(pending);
                setPending(null);
              }}
            >
              {intl.formatMessage({ id: 'profile.password.confirm' })}
            </Button>
          </>
        }
      />
    </>
  );
}
