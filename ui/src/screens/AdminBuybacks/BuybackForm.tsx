import { useIntl } from 'react-intl';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { BuybackInputSchema } from '@brnd/contracts/api/burns';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import type { recordBuyback } from '@brnd/contracts/api/burns';
import { Button } from '../../components/Button/Button.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { submitHandler, useInputProps, useServerFieldErrors } from '../shared/forms.ts';
import styles from './AdminBuybacks.module.css';

export type BuybackValues = EndpointBody<typeof recordBuyback>;

export interface BuybackFormProps {
  onSubmit(values: BuybackValues): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
}

/** The quarter's buyback: the contract's schema checks it here and again on the server. */
export function BuybackForm({ onSubmit, submitting = false, serverErrors }: BuybackFormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const inputProps = useInputProps();
  const form = useForm({
    defaultValues: { quarter: '', subscription_profit_usd: '', buyback_usd: '', brnd_amount: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: BuybackInputSchema },
    onSubmit: ({ value }) => onSubmit(value),
  });
  useServerFieldErrors(form, serverErrors);

  return (
    <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
      <h3 className={styles.formHeading}>{t('admin.buybacks.form')}</h3>
      <form.Field name="quarter">
        {(field) => (
          <TextField
            {...inputProps(field)}
            label={t('admin.buybacks.quarter')}
            hint={t('admin.buybacks.quarterHint')}
          />
        )}
      </form.Field>
      <form.Field name="subscription_profit_usd">
        {(field) => (
          <TextField
            {...inputProps(field)}
            label={t('admin.buybacks.profit')}
            inputMode="decimal"
          />
        )}
      </form.Field>
      <form.Field name="buyback_usd">
        {(field) => (
          <TextField
            {...inputProps(field)}
            label={t('admin.buybacks.spent')}
            hint={t('admin.buybacks.spentHint')}
            inputMode="decimal"
          />
        )}
      </form.Field>
      <form.Field name="brnd_amount">
        {(field) => (
          <TextField
            {...inputProps(field)}
            label={t('admin.buybacks.amount')}
            inputMode="numeric"
          />
        )}
      </form.Field>
      <Button type="submit" disabled={submitting}>
        {t('admin.buybacks.submit')}
      </Button>
    </form>
  );
}
