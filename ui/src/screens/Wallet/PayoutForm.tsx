import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { PayoutTokensTextSchema } from '@brnd/contracts/domain/rules';
import { wholeTokens } from '@brnd/contracts/domain/constants';
import { Button } from '../../components/Button/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';
import type { FieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import screen from '../shared/screen.module.css';

/** The payout form's rule: the contract's amount rule, capped at the whole tokens held. */
export function payoutFormSchema(balance: number) {
  return v.object({
    brnd_tokens: v.pipe(
      PayoutTokensTextSchema,
      v.check((tokens) => tokens <= wholeTokens(balance), 'wallet.errors.overBalance'),
    ),
  });
}

export interface PayoutFormProps {
  balance: number;
  walletAddress: string;
  /** Sends the payout; `done` closes the confirmation, whatever the outcome. */
  onClaim(tokens: number, done: () => void): void;
  claiming?: boolean;
  claimErrors?: FieldErrors | undefined;
}

/**
 * Part of the balance, in whole BRND, to the saved address (docs/decisions/044). The amount is
 * checked here and again by the server; only the confirmation's button sends it.
 */
export function PayoutForm({
  balance,
  walletAddress,
  onClaim,
  claiming = false,
  claimErrors,
}: PayoutFormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [confirming, setConfirming] = useState<number | null>(null);
  const schema = payoutFormSchema(balance);
  const form = useAppForm({
    defaultValues: { brnd_tokens: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: schema },
    onSubmit: ({ value }) => setConfirming(v.parse(schema, value).brnd_tokens),
  });
  useServerFieldErrors(form, claimErrors);
  const whole = wholeTokens(balance);

  return (
    <>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.AppField name="brnd_tokens">
          {(field) => (
            <field.TextField
              label={t('wallet.amount')}
              hint={t('wallet.amountHint', { count: whole })}
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </form.AppField>
        <div className={screen.actions}>
          <Button
            type="button"
            variant="secondary"
            onClick={() => form.setFieldValue('brnd_tokens', String(whole))}
          >
            {t('wallet.all')}
          </Button>
          <Button type="submit">{t('wallet.payOut')}</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !claiming) setConfirming(null);
        }}
        title={t('wallet.confirm.title', { count: confirming ?? 0 })}
        confirmLabel={t('wallet.confirm.action', { count: confirming ?? 0 })}
        busy={claiming}
        onConfirm={() => {
          if (confirming === null || claiming) return;
          onClaim(confirming, () => {
            setConfirming(null);
            form.reset();
          });
        }}
      >
        <p>{t('wallet.confirm.text', { count: confirming ?? 0, address: walletAddress })}</p>
      </ConfirmDialog>
    </>
  );
}
