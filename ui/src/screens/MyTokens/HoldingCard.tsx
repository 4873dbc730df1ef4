import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import type { Holding } from '@brnd/contracts/api/brand-tokens';
import { RecipientSchema, TokenAmountSchema } from '@brnd/contracts/domain/brand-tokens';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useAmount } from '../../amounts.ts';
import { serverFieldErrors } from '../shared/api-error.ts';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import {
  tokenHistoryQueryOptions,
  useClaimTokensMutation,
  useTransferTokensMutation,
} from '../shared/brand-token-queries.ts';
import { submitHandler, useServerFieldErrors } from '../shared/forms.ts';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import styles from './MyTokensScreen.module.css';
import { useAppForm } from '../shared/app-form.tsx';
import { TableScroll } from '../shared/TableScroll.tsx';

type Translate = (id: string, values?: Record<string, string | number>) => string;

function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id: `brandTokens.mine.${id}` }, values);
}

export function HoldingCard({ holding }: { holding: Holding }) {
  const intl = useIntl();
  const amount = useAmount();
  const t = useT();
  const [showHistory, setShowHistory] = useState(false);
  const historyId = useId();
  const { token } = holding;
  return (
    <Card
      title={intl.formatMessage(
        { id: 'brandTokens.token.heading' },
        { name: token.name, ticker: token.ticker },
      )}
      headingLevel={3}
    >
      <p className={screen.muted}>{token.brand_name}</p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('ledger')}</dt>
          <dd>{amount(holding.ledger_balance, token.ticker)}</dd>
        </div>
        <div>
          <dt>{t('wallet')}</dt>
          <dd>
            {holding.wallet_balance === null
              ? t('noWallet')
              : amount(holding.wallet_balance, token.ticker)}
          </dd>
        </div>
      </dl>
      <div className={styles.forms}>
        <TransferForm holding={holding} />
        <ClaimForm holding={holding} />
      </div>
      <Button
        variant="secondary"
        aria-expanded={showHistory}
        aria-controls={historyId}
        onClick={() => setShowHistory((shown) => !shown)}
      >
        {t(showHistory ? 'hideHistory' : 'showHistory')}
      </Button>
      <div id={historyId} hidden={!showHistory}>
        {showHistory && <History tokenId={token.id} ticker={token.ticker} />}
      </div>
    </Card>
  );
}

function History({ tokenId, ticker }: { tokenId: string; ticker: string }) {
  const intl = useIntl();
  const t = useT();
  const api = useApiClient();
  const query = useQuery(tokenHistoryQueryOptions(api, tokenId));
  if (query.isPending) return <Spinner label={t('historyLoading')} />;
  if (query.isError) {
    return <Alert variant="danger">{brandTokenErrorText(query.error, intl)}</Alert>;
  }
  if (query.data.length === 0) return <p className={screen.muted}>{t('historyEmpty')}</p>;
  return (
    <TableScroll label={t('historyTitle', { ticker })}>
      <table className={table.table}>
        <caption>{t('historyTitle', { ticker })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('what')}</th>
            <th scope="col">{t('counterparty')}</th>
            <th scope="col">{t('change')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((move) => (
            <tr key={move.id}>
              <td>
                {intl.formatDate(move.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
              </td>
              <td>{t(`kind.${move.kind}`)}</td>
              <td className={table.long}>{move.counterparty}</td>
              <td>{intl.formatNumber(move.amount, { signDisplay: 'always' })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const TransferFormSchema = v.object({ recipient: RecipientSchema, amount: TokenAmountSchema });

function TransferForm({ holding }: { holding: Holding }) {
  const intl = useIntl();
  const t = useT();
  const toast = useToast();
  const transfer = useTransferTokensMutation(holding.token.id);
  const titleId = useId();
  const form = useAppForm({
    defaultValues: { recipient: '', amount: '' } as v.InferInput<typeof TransferFormSchema>,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: TransferFormSchema },
    onSubmit: ({ value, formApi }) =>
      transfer.mutate(v.parse(TransferFormSchema, value), {
        onSuccess: ({ transfer: result }) => {
          toast.success(
            t('transferred', {
              amount: result.amount,
              ticker: holding.token.ticker,
              recipient: result.recipient,
            }),
          );
          formApi.reset();
        },
      }),
  });
  useServerFieldErrors(form, serverFieldErrors(transfer.error));
  return (
    <form
      noValidate
      className={screen.form}
      aria-labelledby={titleId}
      onSubmit={submitHandler(form)}
    >
      <h4 id={titleId}>{t('transferTitle', { ticker: holding.token.ticker })}</h4>
      <form.AppField name="recipient">
        {(field) => (
          <field.TextField
            label={t('recipient')}
            hint={t('recipientHint')}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </form.AppField>
      <form.AppField name="amount">
        {(field) => <field.AmountField label={t('amount')} inputMode="numeric" />}
      </form.AppField>
      {transfer.error && !serverFieldErrors(transfer.error) ? (
        <Alert variant="danger">{brandTokenErrorText(transfer.error, intl)}</Alert>
      ) : null}
      <div className={screen.actions}>
        <Button type="submit" busy={transfer.isPending}>
          {t('transfer')}
        </Button>
      </div>
    </form>
  );
}

const ClaimFormSchema = v.object({ amount: TokenAmountSchema });

function ClaimForm({ holding }: { holding: Holding }) {
  const intl = useIntl();
  const t = useT();
  const toast = useToast();
  const claim = useClaimTokensMutation(holding.token.id);
  const titleId = useId();
  const form = useAppForm({
    defaultValues: {
      amount: holding.ledger_balance > 0 ? String(holding.ledger_balance) : '',
    } as v.InferInput<typeof ClaimFormSchema>,
    validationLogic: revalidateLogic(),
    validators: { onDynamic: ClaimFormSchema },
    onSubmit: ({ value }) =>
      claim.mutate(v.parse(ClaimFormSchema, value), {
        onSuccess: ({ transfer: result }) =>
          toast.success(
            t('claimed', {
              amount: result.amount,
              ticker: holding.token.ticker,
              wallet: result.recipient,
            }),
          ),
      }),
  });
  useServerFieldErrors(form, serverFieldErrors(claim.error));
  const title = <h4 id={titleId}>{t('claimTitle', { ticker: holding.token.ticker })}</h4>;
  if (holding.wallet_balance === null) {
    return (
      <div>
        {title}
        <p>{t('claimNeedsWallet')}</p>
        <ButtonLink to="/user/wallet" variant="secondary">
          {t('walletTab')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <form
      noValidate
      className={screen.form}
      aria-labelledby={titleId}
      onSubmit={submitHandler(form)}
    >
      {title}
      <form.AppField name="amount">
        {(field) => <field.AmountField label={t('claimAmount')} inputMode="numeric" />}
      </form.AppField>
      {claim.error && !serverFieldErrors(claim.error) ? (
        <Alert variant="danger">{brandTokenErrorText(claim.error, intl)}</Alert>
      ) : null}
      <div className={screen.actions}>
        <Button type="submit" variant="secondary" busy={claim.isPending}>
          {t('claim')}
        </Button>
      </div>
    </form>
  );
}
