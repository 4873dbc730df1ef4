import { useState } from 'react';
import { useIntl } from 'react-intl';
import { revalidateLogic } from '@tanstack/react-form';
import { BuybackInputSchema } from '@brnd/contracts/api/burns';
import type { EndpointBody } from '@brnd/contracts/api/endpoint';
import type { recordBuyback } from '@brnd/contracts/api/burns';
import { Button } from '../../components/Button/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import styles from './AdminBuybacks.module.css';

export type BuybackValues = EndpointBody<typeof recordBuyback>;

export interface BuybackFormProps {
  /** Records and burns; `done` closes the confirmation, whatever the outcome. */
  onSubmit(values: BuybackValues, done: () => void): void;
  submitting?: boolean;
  serverErrors?: FieldErrors;
}

/**
 * The quarter's buyback: the contract's schema checks it here and again on the server; a burn
 * cannot be undone, so only the confirmation's button records it.
 */
export function BuybackForm({ onSubmit, submitting = false, serverErrors }: BuybackFormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [confirming, setConfirming] = useState<BuybackValues | null>(null);
  const form = useAppForm({
    defaultValues: {
      quarter: '',
      subscription_profit_usd: '',
      buyback_usd: '',
      brnd_amount: '',
      purchase_tx_hash: '',
    },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: BuybackInputSchema },
    onSubmit: ({ value }) => setConfirming(value),
  });
  const what = confirming && {
    quarter: confirming.quarter.trim(),
    count: Number(confirming.brnd_amount),
    usd: intl.formatNumber(Number(confirming.buyback_usd), { style: 'currency', currency: 'USD' }),
  };
  useServerFieldErrors(form, serverErrors);

  return (
    <form noValidate className={styles.form} onSubmit={submitHandler(form)}>
      <h3 className={styles.formHeading}>{t('admin.buybacks.form')}</h3>
      <form.AppField name="quarter">
        {(field) => (
          <field.TextField
            label={t('admin.buybacks.quarter')}
            hint={t('admin.buybacks.quarterHint')}
          />
        )}
      </form.AppField>
      <form.AppField name="subscription_profit_usd">
        {(field) => <field.AmountField label={t('admin.buybacks.profit')} />}
      </form.AppField>
      <form.AppField name="buyback_usd">
        {(field) => (
          <field.AmountField
            label={t('admin.buybacks.spent')}
            hint={t('admin.buybacks.spentHint')}
          />
        )}
      </form.AppField>
      <form.AppField name="brnd_amount">
        {(field) => <field.AmountField label={t('admin.buybacks.amount')} inputMode="numeric" />}
      </form.AppField>
      <form.AppField name="purchase_tx_hash">
        {(field) => (
          <field.TextField
            label={t('admin.buybacks.purchase')}
            hint={t('admin.buybacks.purchaseHint')}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </form.AppField>
      <Button type="submit" disabled={submitting}>
        {t('admin.buybacks.submit')}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !submitting) setConfirming(null);
        }}
        title={what ? t('admin.buybacks.confirm.title', what) : ''}
        confirmLabel={what ? t('admin.buybacks.confirm.action', what) : ''}
        busy={submitting}
        onConfirm={() => {
          if (!confirming || submitting) return;
          onSubmit(confirming, () => setConfirming(null));
        }}
      >
        {what && <p>{t('admin.buybacks.confirm.text', what)}</p>}
      </ConfirmDialog>
    </form>
  );
}
