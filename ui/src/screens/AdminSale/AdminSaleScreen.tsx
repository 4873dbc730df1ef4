import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSale, SaleSettingsInputSchema, updateSale } from '@brnd/contracts/api/admin-sale';
import type { ApiClient } from '@brnd/contracts/api/client';
import type { Sale } from '@brnd/contracts/api/sale';
import { validationFailure } from '@brnd/contracts/api/validation';
import { useApiClient } from '../../api.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Checkbox } from '../../components/Checkbox/Checkbox.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText, serverFieldErrors, type FieldErrors } from '../shared/api-error.ts';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import screen from '../shared/screen.module.css';
import styles from './AdminSale.module.css';

export function adminSaleQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'sale'],
    queryFn: () => api.call(adminSale, {}),
  });
}

/** The form keeps what the operator typed; the contract's schema turns it into the request. */
interface SaleDraft {
  tiers: { tokens: string; price: string }[];
  activeTier: string;
  stages: { month: string; active: boolean }[];
  /** `datetime-local`: the operator's own time zone. */
  endsAt: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function draftOf(sale: Sale): SaleDraft {
  return {
    tiers: sale.tiers.map((tier) => ({ tokens: String(tier.tokens), price: String(tier.price) })),
    activeTier: sale.activeTier === null ? '' : String(sale.activeTier),
    stages: sale.stages.map((stage) => ({ month: stage.month, active: stage.active })),
    endsAt: localDateTime(sale.endsAt),
  };
}

function requestOf(draft: SaleDraft) {
  const endsAt = draft.endsAt ? new Date(draft.endsAt) : null;
  return {
    tiers: draft.tiers,
    activeTier: draft.activeTier ? Number(draft.activeTier) : null,
    stages: draft.stages,
    endsAt: endsAt && !Number.isNaN(endsAt.getTime()) ? endsAt.toISOString() : draft.endsAt,
  };
}

/** The console's sale: tier amounts and prices, the active tier, the stages and the end date. */
export function AdminSaleScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const query = useQuery(adminSaleQueryOptions(useApiClient()));

  if (query.isPending) return <LoadingPage label={t('common.loading')} />;
  if (query.isError) {
    return (
      <Card title={t('finance.sale.heading')}>
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  return (
    <Card title={t('finance.sale.heading')}>
      <p className={screen.muted}>{t('finance.sale.intro')}</p>
      <SaleForm sale={query.data.sale} allocation={query.data.allocation} />
    </Card>
  );
}

function SaleForm({ sale, allocation }: { sale: Sale; allocation: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<SaleDraft>(() => draftOf(sale));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof requestOf>) => api.call(updateSale, { body }),
    onSuccess: (saved) => {
      toast.success(t('finance.sale.saved'));
      queryClient.setQueryData(['admin', 'sale'], saved);
      setDraft(draftOf(saved.sale));
      // The public sale (ICO and buy pages) changed too.
      void queryClient.invalidateQueries({ queryKey: ['sale'] });
    },
    onError: (error) => {
      if (!serverFieldErrors(error)) toast.danger(apiErrorText(error, intl));
    },
  });

  const errors: FieldErrors = { ...serverFieldErrors(save.error), ...localErrors };
  const errorText = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const tiered = draft.tiers.reduce((sum, tier) => sum + (Number(tier.tokens) || 0), 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = requestOf(draft);
    const parsed = v.safeParse(SaleSettingsInputSchema, body);
    if (!parsed.success) {
      setLocalErrors(validationFailure(parsed.issues).errors ?? {});
      save.reset();
      return;
    }
    setLocalErrors({});
    save.mutate(body);
  }

  const setTier = (index: number, field: 'tokens' | 'price', value: string) =>
    setDraft({
      ...draft,
      tiers: draft.tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)),
    });
  const setStage = (index: number, change: Partial<SaleDraft['stages'][number]>) =>
    setDraft({
      ...draft,
      stages: draft.stages.map((stage, at) => (at === index ? { ...stage, ...change } : stage)),
    });
  const groupError = (field: string) =>
    errors[field] ? (
      <p id={`sale-${field}-error`} className={styles.groupError} role="alert">
        {t(errors[field])}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <section aria-labelledby="sale-tiers">
        <h3 id="sale-tiers">{t('finance.sale.tiers')}</h3>
        <p>
          {t('finance.sale.allocation', {
            tokens: tiered,
            allocation,
          })}
        </p>
        <div
          className={styles.rows}
          aria-describedby={errors.tiers ? 'sale-tiers-error' : undefined}
        >
          {sale.tiers.map((tier, index) => (
            <fieldset key={tier.id} className={styles.row}>
              <legend>{t(`sale.tierNames.${tier.name}`)}</legend>
              <TextField
                label={t('finance.sale.tokens')}
                inputMode="numeric"
                value={draft.tiers[index]?.tokens ?? ''}
                error={errorText(`tiers.${index}.tokens`)}
                onChange={(event) => setTier(index, 'tokens', event.target.value)}
              />
              <TextField
                label={t('finance.sale.price')}
                inputMode="decimal"
                value={draft.tiers[index]?.price ?? ''}
                error={errorText(`tiers.${index}.price`)}
                onChange={(event) => setTier(index, 'price', event.target.value)}
              />
            </fieldset>
          ))}
        </div>
        {groupError('tiers')}
        <label className={styles.select}>
          {t('finance.sale.activeTier')}
          <select
            value={draft.activeTier}
            onChange={(event) => setDraft({ ...draft, activeTier: event.target.value })}
          >
            <option value="">{t('finance.sale.noTier')}</option>
            {sale.tiers.map((tier) => (
              <option key={tier.id} value={String(tier.id)}>
                {t(`sale.tierNames.${tier.name}`)}
              </option>
            ))}
          </select>
        </label>
        {groupError('activeTier')}
      </section>

      <section aria-labelledby="sale-stages">
        <h3 id="sale-stages">{t('finance.sale.stages')}</h3>
        <div className={styles.rows}>
          {sale.stages.map((stage, index) => (
            <fieldset key={stage.name} className={styles.row}>
              <legend>{t(`sale.stages.${stage.name}`)}</legend>
              <TextField
                label={t('finance.sale.month')}
                placeholder="YYYY-MM"
                value={draft.stages[index]?.month ?? ''}
                error={errorText(`stages.${index}.month`)}
                onChange={(event) => setStage(index, { month: event.target.value })}
              />
              <Checkbox
                label={t('finance.sale.activeStage')}
                checked={draft.stages[index]?.active ?? false}
                onChange={(active) => setStage(index, { active })}
              />
            </fieldset>
          ))}
        </div>
        {groupError('stages')}
      </section>

      <TextField
        className={styles.end}
        label={t('finance.sale.endsAt')}
        type="datetime-local"
        value={draft.endsAt}
        error={errorText('endsAt')}
        onChange={(event) => setDraft({ ...draft, endsAt: event.target.value })}
      />

      <div>
        <Button type="submit" busy={save.isPending}>
          {t('finance.sale.save')}
        </Button>
      </div>
    </form>
  );
}
