import { useMemo, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic, useForm, type AnyFieldApi } from '@tanstack/react-form';
import { contact } from '@brnd/contracts/api/content';
import { Button } from '../../components/Button/Button.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { ControlField } from '../../components/TextField/ControlField.tsx';
import fieldStyles from '../../components/TextField/TextField.module.css';
import { cx } from '../../components/class-names.ts';
import type { FieldErrors } from '../shared/api-error.ts';
import {
  submitHandler,
  useErrorText,
  useInputProps,
  useServerFieldErrors,
} from '../shared/forms.ts';
import styles from './ContactView.module.css';
import { countryOptions } from './countries.ts';

/** The stricter of the spec's two readings: country and free text are required too. */
export const ContactFormSchema = contact.body;
export type ContactValues = v.InferOutput<typeof ContactFormSchema>;

export interface ContactViewProps {
  onSubmit(values: ContactValues): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
}

type Control = HTMLSelectElement | HTMLTextAreaElement;

export function ContactView({ onSubmit, submitting = false, serverErrors }: ContactViewProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const inputProps = useInputProps();
  const errorText = useErrorText();
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const form = useForm({
    defaultValues: {
      contactCountry: t('contact.select'),
      contactName: '',
      contactAnything: '',
      contactEmail: '',
      contactWebsite: '',
    },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ContactFormSchema },
    onSubmit: ({ value }) => onSubmit(v.parse(ContactFormSchema, value)),
  });
  useServerFieldErrors(form, serverErrors);

  const controlProps = (field: AnyFieldApi) => ({
    name: field.name,
    value: field.state.value as string,
    onChange: (event: ChangeEvent<Control>) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
  });

  return (
    <div className={styles.page}>
      <h1>{t('contact.title')}</h1>
      <p className={styles.lead}>{t('contact.lead')}</p>
      <form noValidate onSubmit={submitHandler(form)}>
        <form.Field name="contactCountry">
          {(field) => (
            <ControlField label={t('contact.country')} error={errorText(field.state.meta.errors)}>
              {(aria) => (
                <select {...aria} {...controlProps(field)} className={fieldStyles.input}>
                  {/* The spec's first option; choosing it means no country and is refused. */}
                  <option value={t('contact.select')}>{t('contact.select')}</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              )}
            </ControlField>
          )}
        </form.Field>
        <form.Field name="contactName">
          {(field) => (
            <TextField {...inputProps(field)} label={t('contact.name')} autoComplete="name" />
          )}
        </form.Field>
        <form.Field name="contactAnything">
          {(field) => (
            <ControlField label={t('contact.anything')} error={errorText(field.state.meta.errors)}>
              {(aria) => (
                <textarea
                  {...aria}
                  {...controlProps(field)}
                  rows={5}
                  className={cx(fieldStyles.input, styles.textarea)}
                />
              )}
            </ControlField>
          )}
        </form.Field>
        <form.Field name="contactEmail">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('contact.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          )}
        </form.Field>
        <form.Field name="contactWebsite">
          {(field) => (
            <TextField
              {...inputProps(field)}
              label={t('contact.website')}
              inputMode="url"
              autoComplete="url"
            />
          )}
        </form.Field>
        <Button type="submit" fullWidth busy={submitting}>
          {t('contact.submit')}
        </Button>
      </form>
    </div>
  );
}
