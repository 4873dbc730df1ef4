import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { updateProfile, type User } from '@brnd/contracts/api/accounts';
import { Button } from '../../components/Button/Button.tsx';
import { LANGUAGES } from '@brnd/contracts/domain/constants';
import { TextField } from '../../components/TextField/TextField.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from '../shared/screen.module.css';

/** E-mail and mobile are shown but not editable: only these go through the form. */
export const PersonalDataFormSchema = v.required(
  v.pick(updateProfile.body, ['name', 'address', 'language']),
  ['language'],
);
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
  const form = useAppForm({
    defaultValues: { name: user.name, address: user.address, language: user.language },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: PersonalDataFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(PersonalDataFormSchema, value)),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
      <form.AppField name="name">
        {(field) => (
          <field.TextField
            label={intl.formatMessage({ id: 'accounts.fields.fullName' })}
            autoComplete="name"
          />
        )}
      </form.AppField>
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
      <form.AppField name="address">
        {(field) => (
          <field.TextField
            label={intl.formatMessage({ id: 'profile.personal.address' })}
            autoComplete="street-address"
          />
        )}
      </form.AppField>
      <form.AppField name="language">
        {(field) => (
          <field.SelectField
            label={intl.formatMessage({ id: 'profile.personal.language' })}
            hint={intl.formatMessage({ id: 'profile.personal.languageHint' })}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {intl.formatMessage({ id: `language.${language}` })}
              </option>
            ))}
          </field.SelectField>
        )}
      </form.AppField>
      <div className={styles.actions}>
        <Button type="submit" busy={submitting}>
          {intl.formatMessage({ id: 'profile.personal.submit' })}
        </Button>
      </div>
    </form>
  );
}
