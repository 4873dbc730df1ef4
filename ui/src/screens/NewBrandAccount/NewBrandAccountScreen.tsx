import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { useMutation } from '@tanstack/react-query';
import { revalidateLogic } from '@tanstack/react-form';
import { registerCompany } from '@brnd/contracts/api/brands';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { isEndpointError, type ApiError } from '@brnd/contracts/api/errors';
import { DEFAULT_PHONE_COUNTRY } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { DocumentsFieldset } from '../shared/DocumentDrop.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import { MessagePage } from '../shared/MessagePage.tsx';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import styles from './NewBrandAccountScreen.module.css';
import { useAppForm } from '../shared/app-form.tsx';

/** The contract's rules for every field; each field is wired to its own value (not the original's). */
export const CompanyFormSchema = registerCompany.body;
type CompanyValues = v.InferInput<typeof CompanyFormSchema>;

const EMPTY: CompanyValues = {
  brandName: '',
  email: '',
  phoneValue: '',
  employee_num: '',
  vat_num: '',
  billing_address: '',
  operating_address: '',
  registryExtract: undefined,
  articles: undefined,
  bankAccount: undefined,
  identity: undefined,
};

/**
 * The refusals naming their fields: the form's rules, a company already registered, a document
 * refused by its size or its bytes.
 */
const FIELD_KINDS = [
  'validation',
  'vatNumberExists',
  'billingAddressExists',
  'documentTooLarge',
  'documentType',
] as const;

function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  if (!FIELD_KINDS.some((kind) => isEndpointError(error, registerCompany, kind))) return undefined;
  const errors = (error as ApiError).body.errors;
  return errors && Object.keys(errors).length > 0 ? errors : undefined;
}

export function useRegisterCompanyMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof registerCompany>) => api.call(registerCompany, { body }),
  });
}

/** /newbrandaccount: a company applies for a brand account and waits for verification. */
export function NewBrandAccountScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const showError = useApiErrorToast();
  const register = useRegisterCompanyMutation();
  const form = useAppForm({
    defaultValues: EMPTY,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: CompanyFormSchema },
    onSubmit: ({ value }) =>
      register.mutate(v.parse(CompanyFormSchema, value), {
        onError: (error) => {
          if (!fieldErrorsOf(error)) showError(error);
        },
      }),
  });
  useServerFieldErrors(form, fieldErrorsOf(register.error));

  if (register.isSuccess) {
    return (
      <MessagePage
        title={t('brands.company.doneTitle')}
        actions={<ButtonLink to="/">{t('brands.company.toHome')}</ButtonLink>}
      >
        <p>{t('brands.company.done', { name: register.data.company.brandName })}</p>
      </MessagePage>
    );
  }

  return (
    <div className={styles.page}>
      <h1>{t('brands.company.title')}</h1>
      <p className={styles.lead}>{t('brands.company.lead')}</p>
      <form noValidate onSubmit={submitHandler(form)}>
        <form.AppField name="brandName">
          {(field) => (
            <field.TextField label={t('brands.company.brandName')} autoComplete="organization" />
          )}
        </form.AppField>
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label={t('brands.company.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          )}
        </form.AppField>
        <form.AppField name="phoneValue">
          {(field) => (
            <field.PhoneField
              label={t('brands.company.phone')}
              defaultCountry={DEFAULT_PHONE_COUNTRY}
            />
          )}
        </form.AppField>
        <form.AppField name="billing_address">
          {(field) => (
            <field.TextField
              label={t('brands.company.billingAddress')}
              autoComplete="billing street-address"
            />
          )}
        </form.AppField>
        <form.AppField name="operating_address">
          {(field) => (
            <field.TextField
              label={t('brands.company.operatingAddress')}
              autoComplete="street-address"
              action={
                <button
                  type="button"
                  className={styles.asBilling}
                  title={t('brands.company.asBillingHint')}
                  onClick={() =>
                    field.handleChange(form.getFieldValue('billing_address') as string)
                  }
                >
                  {t('brands.company.asBilling')}
                </button>
              }
            />
          )}
        </form.AppField>
        <div className={styles.pair}>
          <form.AppField name="vat_num">
            {(field) => <field.TextField label={t('brands.company.vat')} />}
          </form.AppField>
          <form.AppField name="employee_num">
            {(field) => (
              <field.TextField label={t('brands.company.employees')} inputMode="numeric" />
            )}
          </form.AppField>
        </div>
        <DocumentsFieldset
          className={styles.documents}
          field={(kind) => (
            <form.AppField name={kind}>{(field) => <field.DocumentField />}</form.AppField>
          )}
        />
        <Button type="submit" fullWidth busy={register.isPending}>
          {t('brands.company.submit')}
        </Button>
      </form>
    </div>
  );
}
