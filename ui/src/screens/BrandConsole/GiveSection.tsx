import { useState } from 'react';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import type { BrandToken } from '@brnd/contracts/api/brand-tokens';
import { GiveSchema } from '@brnd/contracts/domain/brand-tokens';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { useAppForm } from '../shared/app-form.tsx';
import { useGiveTokensMutation } from '../shared/brand-token-queries.ts';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import screen from '../shared/screen.module.css';
import { BulkGive } from './BulkGive.tsx';
import type { ConsoleData } from './console-data.ts';
import { FormError, TokenChoice, activeTokens, useT } from './console-parts.tsx';
import styles from './BrandConsole.module.css';

export function GiveSection({ data }: { data: ConsoleData }) {
  const t = useT();
  const tokens = activeTokens(data);
  const [tokenId, setTokenId] = useState(tokens[0]?.id ?? '');
  const token = tokens.find((candidate) => candidate.id === tokenId) ?? tokens[0];
  if (!token) return <Alert variant="info">{t('console.needsToken')}</Alert>;
  return (
    <>
      <TokenChoice tokens={tokens} value={token.id} onChange={setTokenId} />
      <div className={styles.grid}>
        <GiveForm key={`give-${token.id}`} token={token} />
        <BulkGive key={`bulk-${token.id}`} token={token} />
      </div>
    </>
  );
}

const GiveFormSchema = GiveSchema;

function GiveForm({ token }: { token: BrandToken }) {
  const t = useT();
  const toast = useToast();
  const give = useGiveTokensMutation(token.id);
  const form = useAppForm({
    defaultValues: { recipient: '', amount: '' } as v.InferInput<typeof GiveFormSchema>,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: GiveFormSchema },
    onSubmit: ({ value, formApi }) =>
      give.mutate(v.parse(GiveFormSchema, value), {
        onSuccess: ({ give: result }) => {
          toast.success(
            t(result.destination === 'ledger' ? 'give.givenLedger' : 'give.givenChain', {
              amount: result.amount,
              ticker: token.ticker,
              recipient: result.recipient,
            }),
          );
          formApi.reset();
        },
      }),
  });
  useServerFieldErrors(form, serverFieldErrors(give.error));

  return (
    <Card title={t('give.title')}>
      <form noValidate className={screen.form} onSubmit={submitHandler(form)}>
        <form.AppField name="recipient">
          {(field) => (
            <field.TextField
              label={t('give.recipient')}
              hint={t('give.recipientHint')}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </form.AppField>
        <form.AppField name="amount">
          {(field) => <field.AmountField label={t('give.amount')} inputMode="numeric" />}
        </form.AppField>
        <FormError error={give.error} />
        <div className={screen.actions}>
          <Button type="submit" busy={give.isPending}>
            {t('give.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
