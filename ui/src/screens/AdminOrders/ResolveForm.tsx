import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AdminOrderDetail, ResolutionDecision } from '@brnd/contracts/api/admin-orders';
import { useAmount } from '../../amounts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import styles from './AdminOrders.module.css';

export interface ResolveBody {
  decision: ResolutionDecision;
  reference: string;
  note: string;
}

export interface ResolveFormProps {
  order: AdminOrderDetail;
  /** Records the confirmed decision; settles when the answer has come. */
  onResolve(body: ResolveBody): Promise<unknown>;
  resolving?: boolean;
  /** The last refusal, for the reference's message. */
  serverError?: unknown;
}

/** The decision on the payment as it stands: credit at the order's price, or a noted refund. */
export function ResolveForm({
  order,
  onResolve,
  resolving = false,
  serverError,
}: ResolveFormProps) {
  const intl = useIntl();
  const amount = useAmount();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);
  const canCredit = order.credit_preview !== null;
  const [decision, setDecision] = useState<ResolutionDecision>(canCredit ? 'credit' : 'refund');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const usd = (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });

  const referenceError =
    localError ??
    (serverFieldErrors(serverError)?.reference
      ? t(serverFieldErrors(serverError)?.reference as string)
      : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (decision === 'refund' && !reference.trim()) {
      setLocalError(t('finance.orders.errors.referenceRequired'));
      return;
    }
    setLocalError(undefined);
    // A decision can't be changed: it is confirmed in a dialog that says what it does.
    setConfirming(true);
  }

  const tokens = order.credit_preview?.brnd_tokens ?? 0;
  const received = { amount: amount(order.paid_amount, order.currency) };

  return (
    <form className={styles.decision} onSubmit={submit} aria-labelledby="order-resolve" noValidate>
      <h4 id="order-resolve">{t('finance.orders.resolve')}</h4>
      <p>
        {t('finance.orders.resolveIntro', {
          amount: amount(order.paid_amount, order.currency),
          exception: order.payment_exception
            ? t(`finance.exceptions.${order.payment_exception}`)
            : '',
        })}
      </p>
      <fieldset>
        <legend>{t('finance.orders.decision')}</legend>
        <label className={styles.option}>
          <input
            type="radio"
            name="decision"
            value="credit"
            checked={decision === 'credit'}
            disabled={!canCredit}
            onChange={() => setDecision('credit')}
          />
          <span>
            <strong>{t('finance.orders.credit')}</strong>
            <br />
            {order.credit_preview
              ? t('finance.orders.creditHint', {
                  tokens: order.credit_preview.brnd_tokens,
                  usd: usd(order.credit_preview.usd),
                  price: amount(order.token_price, 'USD'),
                })
              : t('finance.orders.creditNothing')}
          </span>
        </label>
        <label className={styles.option}>
          <input
            type="radio"
            name="decision"
            value="refund"
            checked={decision === 'refund'}
            onChange={() => setDecision('refund')}
          />
          <span>
            <strong>{t('finance.orders.refund')}</strong>
            <br />
            {t('finance.orders.refundHint')}
          </span>
        </label>
      </fieldset>
      {decision === 'refund' && (
        <TextField
          label={t('finance.orders.reference')}
          value={reference}
          maxLength={200}
          error={referenceError}
          onChange={(event) => setReference(event.target.value)}
        />
      )}
      <label className={styles.note}>
        {t('finance.orders.note')}
        <textarea value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div>
        <Button type="submit" busy={resolving}>
          {t('finance.orders.submit')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!resolving) setConfirming(open);
        }}
        title={
          decision === 'credit'
            ? t('finance.orders.confirmCreditTitle', { tokens, email: order.user_email })
            : t('finance.orders.confirmRefundTitle', received)
        }
        confirmLabel={
          decision === 'credit'
            ? t('finance.orders.confirmCreditButton', { tokens })
            : t('finance.orders.confirmRefundButton')
        }
        busy={resolving}
        onConfirm={() =>
          void onResolve({ decision, reference, note }).finally(() => setConfirming(false))
        }
      >
        <p>
          {decision === 'credit'
            ? t('finance.orders.confirmCredit', { ...received, tokens })
            : t('finance.orders.confirmRefund', { ...received, reference: reference.trim() })}
        </p>
      </ConfirmDialog>
    </form>
  );
}
