import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '@brnd/contracts/api/errors';
import { createApiClient } from '@brnd/contracts/api/client';
import { cardProviderInit } from '@brnd/contracts/api/card-provider';
import { buyTokens, kantor } from '@brnd/contracts/api/orders';
import type { Sale } from '@brnd/contracts/api/sale';
import { BUY_QUICK_AMOUNTS, BUY_TOAST_DURATION_MS } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Checkbox } from '../../components/Checkbox/Checkbox.tsx';
import { Countdown } from '../../components/Countdown/Countdown.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useLanguage } from '../../i18n.tsx';
import { useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { readStored, writeStored } from '../shared/storage.ts';
import { saleQueryOptions } from '../Sale/sale-queries.ts';
import { useTierText } from '../Sale/SaleFacts.tsx';
import {
  acceptAmountInput,
  buyFormError,
  buyQuote,
  cardRetryWait,
  initialBuyState,
  type BuyMethod,
  type BuySearch,
} from './buy-form.ts';
import {
  cardDetailsFromSession,
  checkCardDetails,
  type CardDetails,
  type CardDetailsErrors,
  type CardDetailsInput,
} from './card-details.ts';
import { createAttemptKeys } from './attempt-key.ts';
import { LOCAL_TOKENS_NUM, SESSION_CARD_ATTEMPT } from './buy-storage.ts';
import styles from './BuyTokenScreen.module.css';

export interface BuyTokenScreenProps {
  /** `btc_brands` / `pln_brands` prefill the amount (and choose BTC or the card route). */
  search?: BuySearch;
}

/** /user/buytoken, step 1: choose a method and an amount, then create the order. */
export function BuyTokenScreen({ search = {} }: BuyTokenScreenProps) {
  const intl = useIntl();
  const api = useApiClient();
  const query = useQuery(saleQueryOptions(api));
  if (query.isPending) {
    return <Spinner size="large" label={intl.formatMessage({ id: 'sale.loading' })} />;
  }
  if (query.isError) {
    return (
      <div className={styles.state}>
        <Alert variant="danger">{apiErrorText(query.error, intl)}</Alert>
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'sale.tryAgain' })}
        </Button>
      </div>
    );
  }
  return <BuyTokenForm sale={query.data} search={search} />;
}

const METHODS: { method: BuyMethod | 'IEO'; labelId: string }[] = [
  { method: 'BTC', labelId: 'sale.methods.BTC' },
  { method: 'ETH', labelId: 'sale.methods.ETH' },
  { method: 'PLN', labelId: 'sale.methods.card' },
  { method: 'IEO', labelId: 'sale.methods.IEO' },
];

function BuyTokenForm({ sale, search }: { sale: Sale; search: BuySearch }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const toast = useToast();
  const navigation = useNavigation();
  const { session } = useSession();
  const { language } = useLanguage();

  const initial = useMemo(() => initialBuyState(search), [search]);
  const [method, setMethod] = useState<BuyMethod>(initial.method);
  const [amount, setAmount] = useState(initial.amount);
  const [notUsCitizen, setNotUsCitizen] = useState(false);
  const [card, setCard] = useState<CardDetailsInput>(() => cardDetailsFromSession(session));
  const [submitted, setSubmitted] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardDetailsErrors>({});
  // A double click or a retry sends the same order under the same key: one order is made.
  const attempts = useRef(createAttemptKeys()).current;

  const tierText = useTierText();
  const ended = sale.endsAt !== null && Date.parse(sale.endsAt) <= Date.now();
  const quote = buyQuote(method, amount, sale);
  const formError = submitted ? buyFormError(method, amount, notUsCitizen) : null;
  const money = (value: number, digits = 2) =>
    intl.formatNumber(value, {
      style: 'currency',
      currency: quote.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });

  const cryptoOrder = useMutation({
    mutationFn: (body: { amount: string; selected_payMethod: 'BTC' | 'ETH' }) =>
      api.call(buyTokens, { body, headers: { 'idempotency-key': attempts.keyFor(body) } }),
    onSuccess: (answer) => {
      attempts.finish();
      navigation.navigate(`/user/buytoken/${answer.response.uuid}`);
    },
    onError: (error) => {
      // A refusal the server explains (the sale has ended, a bad amount) is said as such; a
      // failure is the spec's 'Error! Please try again later'.
      if (error instanceof ApiError && error.status < 500 && error.body.messageId) {
        toast.danger(apiErrorText(error, intl));
      } else {
        toast.warning(t('sale.buy.orderFailed'), { durationMs: BUY_TOAST_DURATION_MS });
      }
    },
  });

  const cardOrder = useMutation({
    mutationFn: async ({
      details,
      pln,
      tokens,
    }: {
      details: CardDetails;
      pln: number;
      tokens: number;
    }) => {
      // The provider is a third party on its own origin: it never gets our session token.
      const provider = createApiClient({ baseUrl: sale.cardProviderUrl });
      let init;
      try {
        init = await provider.call(cardProviderInit, {
          body: {
            ...details,
            quotedCurrency: 'PLN',
            baseCurrency: 'BRND',
            cryptoValue: tokens,
            fiatValue: pln,
            pageLang: language,
            transactionType: 'buy',
          },
        });
      } catch {
        throw new CardInitError();
      }
      const record = {
        cashTxHash: init.cashTxHash,
        amount: String(init.quotedCurrencyAmount),
        brnd_tokens: String(init.baseCurrencyAmount),
        tokeneo_response: JSON.stringify(init),
      };
      const recorded = await api.call(kantor, {
        body: record,
        headers: { 'idempotency-key': attempts.keyFor(record) },
      });
      writeStored('local', LOCAL_TOKENS_NUM, String(init.baseCurrencyAmount));
      return recorded.secondStepUrl || init.secondStepUrl;
    },
    onSuccess: (secondStepUrl) => navigation.assign?.(secondStepUrl),
    onError: (error) => {
      if (error instanceof CardInitError) toast.danger(t('errors.cardInitFailed'));
      else toast.danger(apiErrorText(error, intl));
    },
  });

  const choose = (next: BuyMethod | 'IEO') => {
    if (next === 'IEO') {
      navigation.assign?.(sale.ieoUrl);
      return;
    }
    // The spec: choosing a method resets the amount (its currency may change with it).
    setMethod(next);
    setAmount('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const form = event.currentTarget;
    const focusFirstInvalid = () =>
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    const error = buyFormError(method, amount, notUsCitizen);
    const checkedCard = method === 'PLN' ? checkCardDetails(card) : undefined;
    setCardErrors(checkedCard?.errors ?? {});
    if (error || checkedCard?.errors) {
      focusFirstInvalid();
      return;
    }
    if (method !== 'PLN') {
      cryptoOrder.mutate({ amount, selected_payMethod: method });
      return;
    }
    const lastAttempt = Number(readStored('session', SESSION_CARD_ATTEMPT));
    const now = Date.now();
    if (
      cardRetryWait(
        Number.isFinite(lastAttempt) && lastAttempt > 0 ? lastAttempt : undefined,
        now,
      ) > 0
    ) {
      toast.danger(t('orders.errors.cardRetry'));
      return;
    }
    writeStored('session', SESSION_CARD_ATTEMPT, String(now));
    if (checkedCard?.details) {
      cardOrder.mutate({ details: checkedCard.details, pln: Number(amount), tokens: quote.tokens });
    }
  };

  const cardField = (field: keyof CardDetailsInput, type = 'text', autoComplete?: string) => (
    <TextField
      label={t(`sale.card.${field}`)}
      name={field}
      type={type}
      autoComplete={autoComplete}
      value={card[field]}
      error={cardErrors[field] ? t(cardErrors[field]) : undefined}
      onChange={(event) => {
        setCard({ ...card, [field]: event.target.value });
        setCardErrors({ ...cardErrors, [field]: undefined });
      }}
    />
  );

  return (
    <div className={styles.layout}>
      <Card title={t('sale.buy.saleTitle')}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('sale.buy.tier')}</dt>
            <dd>{tierText(sale)}</dd>
          </div>
          <div>
            <dt>{t('sale.buy.totalSupply')}</dt>
            <dd>{t('sale.tokens', { count: sale.totalSupply })}</dd>
          </div>
        </dl>
        <p className={styles.endsIn}>{t('sale.buy.endsIn')}</p>
        <Countdown end={sale.endsAt} label={t('sale.buy.endsIn')} />
      </Card>

      <Card title={t('sale.buy.title')}>
        {ended && <Alert variant="warning">{t('sale.ended')}</Alert>}
        <form noValidate className={styles.form} onSubmit={onSubmit}>
          <div role="group" aria-label={t('sale.methods.label')} className={styles.methods}>
            {METHODS.map((option) => (
              <button
                key={option.method}
                type="button"
                className={styles.method}
                aria-pressed={option.method === 'IEO' ? undefined : option.method === method}
                onClick={() => choose(option.method)}
              >
                {t(option.labelId)}
              </button>
            ))}
          </div>

          <TextField
            label={t('sale.buy.amount', { currency: quote.currency })}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={formError?.field === 'amount' ? t(formError.message) : undefined}
            onChange={(event) => setAmount(acceptAmountInput(event.target.value, amount))}
          />
          <div role="group" aria-label={t('sale.buy.quickPicks')} className={styles.quick}>
            {BUY_QUICK_AMOUNTS.map((value) => (
              <Button
                key={value}
                type="button"
                variant="secondary"
                onClick={() => setAmount(String(value))}
              >
                {intl.formatNumber(value)}
              </Button>
            ))}
          </div>

          <TextField
            label={t('sale.buy.receive')}
            name="receive"
            readOnly
            value={t('sale.tokens', { count: quote.tokens })}
          />
          <TextField
            label={t('sale.buy.price', { currency: quote.currency })}
            name="price"
            readOnly
            value={money(quote.unitPrice, 4)}
          />

          {method === 'PLN' && (
            <fieldset className={styles.card}>
              <legend>{t('sale.card.legend')}</legend>
              <p className={styles.note}>{t('sale.card.note')}</p>
              {cardField('name', 'text', 'given-name')}
              {cardField('surname', 'text', 'family-name')}
              {cardField('emailAddress', 'email', 'email')}
              {cardField('emailConfirm', 'email', 'email')}
              {cardField('phoneNumber', 'tel', 'tel')}
            </fieldset>
          )}

          <Checkbox
            name="notUsCitizen"
            label={t('sale.buy.notUsCitizen')}
            checked={notUsCitizen}
            onChange={setNotUsCitizen}
            error={formError?.field === 'notUsCitizen' ? t(formError.message) : undefined}
          />
          <div className={styles.actions}>
            <Button
              type="submit"
              disabled={ended}
              busy={cryptoOrder.isPending || cardOrder.isPending}
            >
              {t('sale.buy.continue')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** The provider refused the initialisation: the spec's 'Your phone number was invalid'. */
class CardInitError extends Error {}
