import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Sale } from '@brnd/contracts/api/sale';
import { BUY_QUICK_AMOUNTS } from '@brnd/contracts/domain/constants';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Checkbox } from '../../components/Checkbox/Checkbox.tsx';
import { Countdown } from '../../components/Countdown/Countdown.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useTierText } from '../shared/SaleFacts.tsx';
import {
  acceptAmountInput,
  buyFormError,
  buyQuote,
  initialBuyState,
  type BuyMethod,
  type BuySearch,
} from './buy-form.ts';
import {
  checkCardDetails,
  type CardDetails,
  type CardDetailsErrors,
  type CardDetailsInput,
} from './card-details.ts';
import styles from './BuyTokenScreen.module.css';

const METHODS: { method: BuyMethod | 'IEO'; labelId: string }[] = [
  { method: 'BTC', labelId: 'sale.methods.BTC' },
  { method: 'ETH', labelId: 'sale.methods.ETH' },
  { method: 'PLN', labelId: 'sale.methods.card' },
  { method: 'IEO', labelId: 'sale.methods.IEO' },
];

export interface BuyTokenViewProps {
  sale: Sale;
  /** `btc_brands` / `pln_brands` prefill the amount (and choose BTC or the card route). */
  search: BuySearch;
  /** The card fields start from the account's own name, e-mail and phone. */
  initialCard: CardDetailsInput;
  /** The IEO method leaves for the exchange's page. */
  onChooseIeo(): void;
  onBuyCrypto(order: { amount: string; selected_payMethod: 'BTC' | 'ETH' }): void;
  onBuyCard(order: { details: CardDetails; pln: number; tokens: number }): void;
  /** An order is being made. */
  busy?: boolean;
}

/** The sale's figures and the order form: method, amount, quote, card details, the US check. */
export function BuyTokenView({
  sale,
  search,
  initialCard,
  onChooseIeo,
  onBuyCrypto,
  onBuyCard,
  busy = false,
}: BuyTokenViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);

  const initial = useMemo(() => initialBuyState(search), [search]);
  const [method, setMethod] = useState<BuyMethod>(initial.method);
  const [amount, setAmount] = useState(initial.amount);
  const [notUsCitizen, setNotUsCitizen] = useState(false);
  const [card, setCard] = useState<CardDetailsInput>(initialCard);
  const [submitted, setSubmitted] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardDetailsErrors>({});

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

  const choose = (next: BuyMethod | 'IEO') => {
    if (next === 'IEO') {
      onChooseIeo();
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
      onBuyCrypto({ amount, selected_payMethod: method });
      return;
    }
    if (checkedCard?.details) {
      onBuyCard({ details: checkedCard.details, pln: Number(amount), tokens: quote.tokens });
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
                {/* A row read together is grouped alike: Polish leaves four digits whole
                    ("1000") but groups five ("10 000"), so here every one is grouped (decision 077). */}
                {intl.formatNumber(value, { useGrouping: 'always' })}
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
            <Button type="submit" disabled={ended} busy={busy}>
              {t('sale.buy.continue')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
