import { useMemo, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revalidateLogic, useForm, type AnyFieldApi } from '@tanstack/react-form';
import { createBrand } from '@brnd/contracts/api/brands';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { BRAND_LOGO_MIME_TYPES, INDUSTRIES } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Checkbox } from '../../components/Checkbox/Checkbox.tsx';
import { FileDrop } from '../../components/FileDrop/FileDrop.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { ControlField } from '../../components/TextField/ControlField.tsx';
import fieldStyles from '../../components/TextField/TextField.module.css';
import { useToast } from '../../components/Toast/Toast.tsx';
import { cx } from '../../components/class-names.ts';
import { useNavigation } from '../../navigation.tsx';
import { countryOptions } from '../Contact/countries.ts';
import { serverFieldErrors } from '../shared/api-error.ts';
import { DocumentDrop, DocumentsFieldset, useDocumentDropProps } from '../shared/DocumentDrop.tsx';
import { BRANDS_KEY } from '../shared/brand-votes.ts';
import {
  submitHandler,
  useErrorText,
  useInputProps,
  useServerFieldErrors,
} from '../shared/forms.ts';
import { LOCAL_REFERRAL, readStored } from '../shared/storage.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import styles from './AddBrandScreen.module.css';

const { entries } = createBrand.body;

/**
 * Every field rule comes from the contract. The controls hold text and perhaps no file yet, so
 * the industry and the logo start from what a control can hold before the contract's rule; the
 * referral code is added from storage on submit.
 */
export const AddBrandFormSchema = v.object({
  ...v.omit(createBrand.body, ['referral_code', 'industry', 'image']).entries,
  industry: v.pipe(v.string(), entries.industry),
  image: v.pipe(v.optional(v.blob()), entries.image),
  sameAsAddress: v.boolean(),
});
type AddBrandFormValues = v.InferInput<typeof AddBrandFormSchema>;
type AddBrandBody = EndpointBody<typeof createBrand>;

/** The file picker's hint: the extensions of the accepted types (.jpg and .ico included). */
const LOGO_ACCEPT = [
  ...BRAND_LOGO_MIME_TYPES,
  '.png',
  '.jpg',
  '.jpeg',
  '.svg',
  '.ico',
  '.gif',
].join(',');

/** The address fields in one line, for "the operating address is the same". */
function joinedAddress(values: {
  address1: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
}): string {
  const place = [values.postal_code, values.city].filter(Boolean).join(' ');
  return [values.address1, place, values.state].filter((part) => part.trim() !== '').join(', ');
}

export function useCreateBrandMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddBrandBody) => api.call(createBrand, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BRANDS_KEY] }),
  });
}

/** /user/mybrands/addbrand: every field of a brand and its logo, sent as one multipart form. */
export function AddBrandScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const inputProps = useInputProps();
  const errorText = useErrorText();
  const documentDropProps = useDocumentDropProps();
  const toast = useToast();
  const showError = useApiErrorToast();
  const { navigate } = useNavigation();
  const create = useCreateBrandMutation();
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const countryPlaceholder = t('brands.form.countryPlaceholder');

  const form = useForm({
    defaultValues: {
      name: '',
      website: '',
      description: '',
      industry: '',
      token_ticker: '',
      no_of_employees: '',
      address1: '',
      city: '',
      state: '',
      postal_code: '',
      country: countryPlaceholder,
      operating_address: '',
      sameAsAddress: false,
      facebook: '',
      twitter: '',
      instagram: '',
      linkedin: '',
      image: undefined,
      registryExtract: undefined,
      articles: undefined,
      bankAccount: undefined,
      identity: undefined,
    } as AddBrandFormValues,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: AddBrandFormSchema },
    onSubmit: ({ value }) => {
      const { sameAsAddress: _same, image, ...fields } = v.parse(AddBrandFormSchema, value);
      // The logo rule refuses a missing file; this only tells TypeScript so.
      if (!image) return;
      const referral = readStored('local', LOCAL_REFERRAL);
      create.mutate(
        { ...fields, image, ...(referral ? { referral_code: referral } : {}) },
        {
          onSuccess: ({ details }) => {
            toast.success(t('brands.form.created', { name: details.name }));
            navigate('/user/mybrands/lists');
          },
          onError: (error) => {
            if (!serverFieldErrors(error)) showError(error);
          },
        },
      );
    },
  });
  useServerFieldErrors(form, serverFieldErrors(create.error));

  /** While the box is ticked, the operating address follows the address. */
  function syncOperatingAddress() {
    if (!form.getFieldValue('sameAsAddress')) return;
    form.setFieldValue('operating_address', joinedAddress(form.state.values));
  }
  const addressListeners = { onChange: syncOperatingAddress };

  const controlProps = (field: AnyFieldApi) => ({
    name: field.name,
    value: field.state.value as string,
    onChange: (event: ChangeEvent<HTMLSelectElement | HTMLTextAreaElement>) =>
      field.handleChange(event.target.value),
    onBlur: field.handleBlur,
  });

  return (
    <div className={styles.page}>
      <h2>{t('brands.form.title')}</h2>
      <p className={styles.lead}>{t('brands.form.lead')}</p>
      <form noValidate onSubmit={submitHandler(form)} className={styles.form}>
        <fieldset className={styles.section}>
          <legend>{t('brands.form.brandSection')}</legend>
          <form.Field name="name">
            {(field) => <TextField {...inputProps(field)} label={t('brands.form.name')} />}
          </form.Field>
          <form.Field name="website">
            {(field) => (
              <TextField
                {...inputProps(field)}
                label={t('brands.form.website')}
                hint={t('brands.form.websiteHint')}
                inputMode="url"
                autoComplete="url"
              />
            )}
          </form.Field>
          <form.Field name="description">
            {(field) => (
              <ControlField
                label={t('brands.form.description')}
                error={errorText(field.state.meta.errors)}
              >
                {(aria) => (
                  <textarea
                    {...aria}
                    {...controlProps(field)}
                    rows={4}
                    className={cx(fieldStyles.input, styles.textarea)}
                  />
                )}
              </ControlField>
            )}
          </form.Field>
          <form.Field name="industry">
            {(field) => (
              <ControlField
                label={t('brands.form.industry')}
                error={errorText(field.state.meta.errors)}
              >
                {(aria) => (
                  <select {...aria} {...controlProps(field)} className={fieldStyles.input}>
                    <option value="">{t('brands.form.industryPlaceholder')}</option>
                    {INDUSTRIES.map((industry) => (
                      <option key={industry} value={industry}>
                        {t(`voting.industry.${industry}`)}
                      </option>
                    ))}
                  </select>
                )}
              </ControlField>
            )}
          </form.Field>
          <div className={styles.pair}>
            <form.Field name="token_ticker">
              {(field) => (
                <TextField
                  {...inputProps(field)}
                  label={t('brands.form.tokenTicker')}
                  hint={t('brands.form.tokenTickerHint')}
                />
              )}
            </form.Field>
            <form.Field name="no_of_employees">
              {(field) => (
                <TextField
                  {...inputProps(field)}
                  label={t('brands.form.employees')}
                  inputMode="numeric"
                />
              )}
            </form.Field>
          </div>
          <form.Field name="image">
            {(field) => (
              <FileDrop
                label={t('brands.form.logo')}
                hint={t('brands.form.logoHint')}
                accept={LOGO_ACCEPT}
                file={field.state.value as File | undefined}
                onChange={(file) => field.handleChange(file)}
                onBlur={field.handleBlur}
                error={errorText(field.state.meta.errors)}
                dropText={t('brands.form.logoDrop')}
                chooseText={t('brands.form.logoChoose')}
                removeText={t('brands.form.logoRemove')}
                chosenText={(file, size) => t('brands.form.logoChosen', { name: file.name, size })}
              />
            )}
          </form.Field>
        </fieldset>

        <DocumentsFieldset
          className={styles.section}
          field={(kind) => (
            <form.Field name={kind}>
              {(field) => <DocumentDrop {...documentDropProps(field)} />}
            </form.Field>
          )}
        />

        <fieldset className={styles.section}>
          <legend>{t('brands.form.addressSection')}</legend>
          <form.Field name="address1" listeners={addressListeners}>
            {(field) => (
              <TextField
                {...inputProps(field)}
                label={t('brands.form.address1')}
                autoComplete="address-line1"
              />
            )}
          </form.Field>
          <div className={styles.pair}>
            <form.Field name="postal_code" listeners={addressListeners}>
              {(field) => (
                <TextField
                  {...inputProps(field)}
                  label={t('brands.form.postalCode')}
                  autoComplete="postal-code"
                />
              )}
            </form.Field>
            <form.Field name="city" listeners={addressListeners}>
              {(field) => (
                <TextField
                  {...inputProps(field)}
                  label={t('brands.form.city')}
                  autoComplete="address-level2"
                />
              )}
            </form.Field>
          </div>
          <form.Field name="state" listeners={addressListeners}>
            {(field) => (
              <TextField
                {...inputProps(field)}
                label={t('brands.form.state')}
                autoComplete="address-level1"
              />
            )}
          </form.Field>
          <form.Field name="country">
            {(field) => (
              <ControlField
                label={t('brands.form.country')}
                error={errorText(field.state.meta.errors)}
              >
                {(aria) => (
                  <select {...aria} {...controlProps(field)} className={fieldStyles.input}>
                    {/* The spec's placeholder option; choosing it means no country and is refused. */}
                    <option value={countryPlaceholder}>{countryPlaceholder}</option>
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
          <form.Field name="sameAsAddress">
            {(field) => (
              <Checkbox
                label={t('brands.form.sameAsAddress')}
                checked={field.state.value}
                onChange={(checked) => {
                  field.handleChange(checked);
                  syncOperatingAddress();
                }}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(state) => state.values.sameAsAddress}>
            {(same) => (
              <form.Field name="operating_address">
                {(field) => (
                  <TextField
                    {...inputProps(field)}
                    label={t('brands.form.operatingAddress')}
                    readOnly={same}
                  />
                )}
              </form.Field>
            )}
          </form.Subscribe>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>{t('brands.form.socialSection')}</legend>
          {(['facebook', 'twitter', 'instagram', 'linkedin'] as const).map((network) => (
            <form.Field key={network} name={network}>
              {(field) => (
                <TextField
                  {...inputProps(field)}
                  label={t(`brands.form.${network}`)}
                  inputMode="url"
                />
              )}
            </form.Field>
          ))}
        </fieldset>

        <div className={styles.actions}>
          <Button type="submit" busy={create.isPending}>
            {t('brands.form.submit')}
          </Button>
          <ButtonLink to="/user/mybrands/lists" variant="ghost">
            {t('brands.form.cancel')}
          </ButtonLink>
        </div>
      </form>
    </div>
  );
}
