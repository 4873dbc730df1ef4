import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import type { BrandToken, PlanUsage } from '@brnd/contracts/api/brand-tokens';
import {
  BrandTokenNameSchema,
  BrandTokenTickerSchema,
  TokenAmountSchema,
} from '@brnd/contracts/domain/brand-tokens';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { useIssueBrandTokenMutation } from '../shared/brand-token-queries.ts';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import screen from '../shared/screen.module.css';
import { FormError, useT } from './console-parts.tsx';

export const IssueFormSchema = v.object({
  name: BrandTokenNameSchema,
  ticker: BrandTokenTickerSchema,
  cap: TokenAmountSchema,
});

export function IssueTokenForm({
  brandId,
  plan,
  another = false,
  initial,
}: {
  brandId: number;
  plan: PlanUsage;
  another?: boolean;
  /** A failed token issued again keeps its name, ticker and cap. */
  initial?: BrandToken;
}) {
  const t = useT();
  const toast = useToast();
  const issue = useIssueBrandTokenMutation(brandId, initial);
  const supply = plan.usage.find((row) => row.limit === 'maxSupply');
  const planName = t(`plans.${plan.plan}`);
  const form = useAppForm({
    defaultValues: {
      name: initial?.name ?? '',
      ticker: initial?.ticker ?? '',
      cap: initial?.cap ? String(initial.cap) : supply?.max ? String(supply.max) : '',
    } as v.InferInput<typeof IssueFormSchema>,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: IssueFormSchema },
    onSubmit: ({ value }) =>
      issue.mutate(v.parse(IssueFormSchema, value), {
        onSuccess: ({ token }) =>
          toast.success(
            t(token.status === 'active' ? 'issue.issued' : 'issue.deploying', {
              ticker: token.ticker,
            }),
          ),
      }),
  });
  useServerFieldErrors(form, serverFieldErrors(issue.error));

  return (
    <Card title={t(another ? 'issue.another' : 'issue.title')}>
      <p>{t('issue.lead')}</p>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.AppField name="name">
          {(field) => <field.TextField label={t('issue.name')} />}
        </form.AppField>
        <form.AppField name="ticker">
          {(field) => (
            <field.TextField
              label={t('issue.ticker')}
              hint={t('issue.tickerHint')}
              autoComplete="off"
            />
          )}
        </form.AppField>
        <form.AppField name="cap">
          {(field) => (
            <field.TextField
              label={t('issue.cap')}
              inputMode="numeric"
              hint={
                supply?.max
                  ? t('issue.capHint', { plan: planName, max: supply.max })
                  : t('issue.capHintUnlimited', { plan: planName })
              }
            />
          )}
        </form.AppField>
        <FormError error={issue.error} />
        <div className={screen.actions}>
          <Button type="submit" busy={issue.isPending}>
            {t('issue.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
