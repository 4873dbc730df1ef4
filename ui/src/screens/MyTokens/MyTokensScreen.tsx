import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import type { Holding, Redemption } from '@brnd/contracts/api/brand-tokens';
import { COPIED_MESSAGE_DURATION_MS } from '@brnd/contracts/domain/constants';
import { RecipientSchema, TokenAmountSchema } from '@brnd/contracts/domain/brand-tokens';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useAmount } from '../../i18n.tsx';
import { serverFieldErrors } from '../shared/api-error.ts';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import {
  myTokensQueryOptions,
  tokenHistoryQueryOptions,
  useClaimTokensMutation,
  useTransferTokensMutation,
} from '../shared/brand-token-queries.ts';
import { submitHandler, useInputProps, useServerFieldErrors } from '../shared/forms.ts';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import { Offers } from './Offers.tsx';
import styles from './MyTokensScreen.module.css';

type Translate = (id: string, values?: Record<string, string | number>) => string;

function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id: `brandTokens.mine.${id}` }, values);
}

/** /user/tokens: every brand token the user holds, its history, transfer, claim and rewards. */
export function MyTokensScreen() {
  const intl = useIntl();
  const t = useT();
  const api = useApiClient();
  const query = useQuery(myTokensQueryOptions(api));
  const [latest, setLatest] = useState<Redemption | null>(null);

  let body;
  if (query.isPending) {
    body = <Spinner size="large" label={t('loading')} />;
  } else if (query.isError) {
    body = (
      <div>
        <Alert variant="danger" title={t('loadFailed')}>
          {brandTokenErrorText(query.error, intl)}
        </Alert>
        <div className={screen.actions}>
          <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
        </div>
      </div>
    );
  } else if (query.data.holdings.length === 0 && query.data.redemptions.length === 0) {
    body = <p className={screen.muted}>{t('empty')}</p>;
  } else {
    const { holdings, offers, redemptions } = query.data;
    body = (
      <>
        {latest && <RedemptionCode redemption={latest} />}
        <section aria-labelledby="my-holdings-title" className={styles.holdings}>
          <h3 id="my-holdings-title" className="visually-hidden">
            {t('holdings')}
          </h3>
          {holdings.map((holding) => (
            <HoldingCard key={holding.token.id} holding={holding} />
          ))}
        </section>
        <Offers offers={offers} holdings={holdings} onRedeemed={setLatest} />
        <Redemptions redemptions={redemptions} />
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="my-tokens-title">
      <div>
        <h2 id="my-tokens-title">{t('title')}</h2>
        <p className={screen.muted}>{t('lead')}</p>
      </div>
      {body}
    </section>
  );
}

function HoldingCard({ holding }: { holding: Holding }) {
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
    <div className={table.scroll}>
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
    </div>
  );
}

const TransferFormSchema = v.object({ recipient: RecipientSchema, amount: TokenAmountSchema });

function TransferForm({ holding }: { holding: Holding }) {
  const intl = useIntl();
  const t = useT();
  const toast = useToast();
  const inputProps = useInputProps();
  const transfer = useTransferTokensMutation(holding.token.id);
  const titleId = useId();
  const form = useForm({
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
      <form.Field name="recipient">
        {(field) => (
          <TextField
            {...inputProps(field)}
            label={t('recipient')}
            hint={t('recipientHint')}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </form.Field>
      <form.Field name="amount">
        {(field) => <TextField {...inputProps(field)} label={t('amount')} inputMode="numeric" />}
      </form.Field>
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
  const inputProps = useInputProps();
  const claim = useClaimTokensMutation(holding.token.id);
  const titleId = useId();
  const form = useForm({
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
      <form.Field name="amount">
        {(field) => (
          <TextField {...inputProps(field)} label={t('claimAmount')} inputMode="numeric" />
        )}
      </form.Field>
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

/** The code just received, large, with a copy button: the customer shows it at the counter. */
function RedemptionCode({ redemption }: { redemption: Redemption }) {
  const t = useT();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copyCode = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(redemption.code);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
    timer.current = setTimeout(() => setCopy(null), COPIED_MESSAGE_DURATION_MS);
  };
  return (
    <Card title={t('codeTitle', { offer: redemption.offer.title })}>
      <p>
        <span className="visually-hidden">{t('code')}: </span>
        <strong className={styles.code}>{redemption.code}</strong>
      </p>
      <p>{t('codeHelp', { brand: redemption.offer.brand_name })}</p>
      <div className={screen.actions}>
        <Button variant="secondary" onClick={() => void copyCode()}>
          {t('copy')}
        </Button>
        <span role="status">
          {copy === 'copied' && t('copied')}
          {copy === 'failed' && t('copyFailed')}
        </span>
      </div>
    </Card>
  );
}

function Redemptions({ redemptions }: { redemptions: Redemption[] }) {
  const intl = useIntl();
  const t = useT();
  return (
    <Card title={t('redemptionsTitle')}>
      {redemptions.length === 0 ? (
        <p className={screen.muted}>{t('redemptionsEmpty')}</p>
      ) : (
        <div className={table.scroll}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">{t('reward')}</th>
                <th scope="col">{t('code')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {redemptions.map((redemption) => (
                <tr key={redemption.id}>
                  <td>
                    {redemption.offer.title}
                    <span className={screen.muted}> · {redemption.offer.brand_name}</span>
                  </td>
                  <td className={styles.mono}>{redemption.code}</td>
                  <td>
                    {redemption.used_at
                      ? t('used', {
                          date: intl.formatDate(redemption.used_at, { dateStyle: 'medium' }),
                        })
                      : t('unused')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
