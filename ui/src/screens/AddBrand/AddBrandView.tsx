import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { createBrand } from '@brnd/contracts/api/brands';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import { BRAND_LOGO_MIME_TYPES, INDUSTRIES } from '@brnd/contracts/domain/constants';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { countryOptions } from '../shared/countries.ts';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { DocumentsFieldset } from '../shared/DocumentDrop.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
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
/** What the form sends: the brand's fields and its logo; the screen adds the referral code. */
export type AddBrandValues = Omit<EndpointBody<typeof createBrand>, 'referral_code'>;

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

export interface AddBrandViewProps {
  onSubmit(values: AddBrandValues): void;
  submitting?: boolean;
  /** Per-field messages from the last answer (locale ids). */
  serverErrors?: FieldErrors;
}

/** Every field of a brand and its logo, checked with the contract's own rules. */
export function AddBrandView({ onSubmit, submitting = false, serverErrors }: AddBrandViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const countryPlaceholder = t('brands.form.countryPlaceholder');

  const form = useAppForm({
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
      onSubmit({ ...fields, image });
    },
  });
  useServerFieldErrors(form, serverErrors);

  /** While the box is ticked, the operating address follows the address. */
  function syncOperatingAddress() {
    if (!form.getFieldValue('sameAsAddress')) return;
    form.setFieldValue('operating_address', joinedAddress(form.state.values));
  }
  const addressListeners = { onChange: syncOperatingAddress };

  return (
    <div className={styles.page}>
      <h2>{t('brands.form.title')}</h2>
      <p className={styles.lead}>{t('brands.form.lead')}</p>
      <form noValidate onSubmit={submitHandler(form)} className={styles.form}>
        <fieldset className={styles.section}>
          <legend>{t('brands.form.brandSection')}</legend>
          <form.AppField name="name">
            {(field) => <field.TextField label={t('brands.form.name')} />}
          </form.AppField>
          <form.AppField name="website">
            {(field) => (
              <field.TextField
                label={t('brands.form.website')}
                hint={t('brands.form.websiteHint')}
                inputMode="url"
                autoComplete="url"
              />
            )}
          </form.AppField>
          <form.AppField name="description">
            {(field) => (
              <field.TextAreaField
                label={t('brands.form.description')}
                rows={4}
                className={styles.textarea}
              />
            )}
          </form.AppField>
          <form.AppField name="industry">
            {(field) => (
              <field.SelectField label={t('brands.form.industry')}>
                <option value="">{t('brands.form.industryPlaceholder')}</option>
                {INDUSTRIES.map((industry) => (
                  <option key={industry} value={industry}>
                    {t(`voting.industry.${industry}`)}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
          <div className={styles.pair}>
            <form.AppField name="token_ticker">
              {(field) => (
                <field.TextField
                  label={t('brands.form.tokenTicker')}
                  hint={t('brands.form.tokenTickerHint')}
                />
              )}
            </form.AppField>
            <form.AppField name="no_of_employees">
              {(field) => (
                <field.TextField label={t('brands.form.employees')} inputMode="numeric" />
              )}
            </form.AppField>
          </div>
          <form.AppField name="image">
            {(field) => (
              <field.FileField
                label={t('brands.form.logo')}
                hint={t('brands.form.logoHint')}
                accept={LOGO_ACCEPT}
                dropText={t('brands.form.logoDrop')}
                chooseText={t('brands.form.logoChoose')}
                removeText={t('brands.form.logoRemove')}
                chosenText={(file, size) => t('brands.form.logoChosen', { name: file.name, size })}
              />
            )}
          </form.AppField>
        </fieldset>

        <DocumentsFieldset
          className={styles.section}
          field={(kind) => (
            <form.AppField name={kind}>{(field) => <field.DocumentField />}</form.AppField>
          )}
        />

        <fieldset className={styles.section}>
          <legend>{t('brands.form.addressSection')}</legend>
          <form.AppField name="address1" listeners={addressListeners}>
            {(field) => (
              <field.TextField label={t('brands.form.address1')} autoComplete="address-line1" />
            )}
          </form.AppField>
          <div className={styles.pair}>
            <form.AppField name="postal_code" listeners={addressListeners}>
              {(field) => (
                <field.TextField label={t('brands.form.postalCode')} autoComplete="postal-code" />
              )}
            </form.AppField>
            <form.AppField name="city" listeners={addressListeners}>
              {(field) => (
                <field.TextField label={t('brands.form.city')} autoComplete="address-level2" />
              )}
            </form.AppField>
          </div>
          <form.AppField name="state" listeners={addressListeners}>
            {(field) => (
              <field.TextField label={t('brands.form.state')} autoComplete="address-level1" />
            )}
          </form.AppField>
          <form.AppField name="country">
            {(field) => (
              <field.SelectField label={t('brands.form.country')}>
                {/* The spec's placeholder option; choosing it means no country and is refused. */}
                <option value={countryPlaceholder}>{countryPlaceholder}</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
          <form.AppField name="sameAsAddress" listeners={addressListeners}>
            {(field) => <field.CheckboxField label={t('brands.form.sameAsAddress')} />}
          </form.AppField>
          <form.Subscribe selector={(state) => state.values.sameAsAddress}>
            {(same) => (
              <form.AppField name="operating_address">
                {(field) => (
                  <field.TextField label={t('brands.form.operatingAddress')} readOnly={same} />
                )}
              </form.AppField>
            )}
          </form.Subscribe>
        </fieldset>

        <fieldset className={styles.section}>
          <legend>{t('brands.form.socialSection')}</legend>
          {(['facebook', 'twitter', 'instagram', 'linkedin'] as const).map((network) => (
            <form.AppField key={network} name={network}>
              {(field) => <field.TextField label={t(`brands.form.${network}`)} inputMode="url" />}
            </form.AppField>
          ))}
        </fieldset>

        <div className={styles.actions}>
          <Button type="submit" busy={submitting}>
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
