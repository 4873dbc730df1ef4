import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { updateProfile, type User } from '@brnd/contracts/api/accounts';
import { Button } from '../../components/Button/Button.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { submitHandler, useInputProps, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

/** E-mail and mobile are shown but not editable: only these two go through the form. */
export const PersonalDataFormSchema = v.pick(updateProfile.body, ['name', 'address']);
export type PersonalDataValues = v.InferOutput<typeof PersonalDataFormSchema>;

export interface PersonalDataFormProps {
  user: User;
  onSubmit(values: PersonalDataValues): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
}

export function PersonalDataForm({
  user,
  onSubmit,
  submitting = false,
  serverErrors,
}: PersonalDataFormProps) {
  const intl = useIntl();
  const inputProps = useInputProps();
  const form = useForm({
    defaultValues: { name: user.name, address: user.address },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: PersonalDataFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(PersonalDataFormSchema, value)),
  });
  useServerFieldErrors(form, serverErrors);

  return (
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
      <TextField
        label={intl.formatMessage({ id: 'accounts.fields.email' })}
        value={user.email}
        readOnly
        hint={intl.formatMessage({ id: 'profile.personal.notEditable' })}
      />
      <TextField
        label={intl.formatMessage({ id: 'accounts.fields.mobile' })}
        value={user.mobile}
        readOnly
        hint={intl.formatMessage({ id: 'profile.personal.notEditable' })}
      />
      <form.Field name="address">
        {(field) => (
          <TextField
            {...inputProps(field)}
            label={intl.formatMessage({ id: 'profile.personal.address' })}
            autoComplete="street-address"
          />
        )}
      </form.Field>
      <div className={styles.actions}>
        <Button type="submit" busy={submitting}>
          {intl.formatMessage({ id: 'profile.personal.submit' })}
        </Button>
      </div>
    </form>
  );
}
