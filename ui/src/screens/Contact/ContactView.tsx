import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { contact } from '@brnd/contracts/api/content';
import { Button } from '../../components/Button/Button.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from './ContactView.module.css';
import { countryOptions } from '../shared/countries.ts';
import { useAppForm } from '../shared/app-form.tsx';

/** The stricter of the spec's two readings: country and free text are required too. */
export const ContactFormSchema = contact.body;
export type ContactValues = v.InferOutput<typeof ContactFormSchema>;

export interface ContactViewProps {
  onSubmit(values: ContactValues): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
}

export function ContactView({ onSubmit, submitting = false, serverErrors }: ContactViewProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const form = useAppForm({
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

  return (
    <div className={styles.page}>
      <h1>{t('contact.title')}</h1>
      <p className={styles.lead}>{t('contact.lead')}</p>
      <form noValidate onSubmit={submitHandler(form)}>
        <form.AppField name="contactCountry">
          {(field) => (
            <field.SelectField label={t('contact.country')}>
              {/* The spec's first option; choosing it means no country and is refused. */}
              <option value={t('contact.select')}>{t('contact.select')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </field.SelectField>
          )}
        </form.AppField>
        <form.AppField name="contactName">
          {(field) => <field.TextField label={t('contact.name')} autoComplete="name" />}
        </form.AppField>
        <form.AppField name="contactAnything">
          {(field) => (
            <field.TextAreaField
              label={t('contact.anything')}
              rows={5}
              className={styles.textarea}
            />
          )}
        </form.AppField>
        <form.AppField name="contactEmail">
          {(field) => (
            <field.TextField
              label={t('contact.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          )}
        </form.AppField>
        <form.AppField name="contactWebsite">
          {(field) => (
            <field.TextField label={t('contact.website')} inputMode="url" autoComplete="url" />
          )}
        </form.AppField>
        <Button type="submit" fullWidth busy={submitting}>
          {t('contact.submit')}
        </Button>
      </form>
    </div>
  );
}
