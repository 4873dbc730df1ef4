import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Sale } from '@brnd/contracts/api/sale';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import {
  acceptTokensInput,
  acceptUsdInput,
  exceedsOffer,
  tokensToUsd,
  usdToPln,
  usdToTokens,
} from './converter.ts';
import styles from './IcoScreen.module.css';

/** The buy page's search for the amount typed: USD for crypto, PLN for a card. */
export type BuySearch = { btc_brands: string | undefined } | { pln_brands: string | undefined };

export interface ConverterCardProps {
  sale: Sale;
  onBuy(search: BuySearch): void;
  onBuyIeo(ieoUrl: string): void;
}

/** USD ↔ BRND at the sale's price, and the ways to buy what it shows. */
export function ConverterCard({ sale, onBuy, onBuyIeo }: ConverterCardProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [usd, setUsd] = useState('');
  const [tokens, setTokens] = useState('');
  const tooMany = exceedsOffer(tokens, sale.tokensOffered);
  const offerText = tooMany
    ? t('sale.ico.overOffer', {
        count: sale.tokensOffered,
        usd: intl.formatNumber(Number(tokensToUsd(String(sale.tokensOffered), sale.price)), {
          style: 'currency',
          currency: 'USD',
        }),
      })
    : undefined;

  const buy = (route: 'btc' | 'pln') => {
    const amount = route === 'btc' ? usd.trim() || undefined : usdToPln(usd, sale.plnPerUsd);
    onBuy(route === 'btc' ? { btc_brands: amount } : { pln_brands: amount });
  };

  return (
    <Card title={t('sale.ico.converterTitle')}>
      <p className={styles.price}>
        {t('sale.ico.price', {
          price: intl.formatNumber(sale.price, {
            style: 'currency',
            currency: 'USD',
            minimumFractionDigits: 4,
          }),
        })}
      </p>
      <div className={styles.converter}>
        <TextField
          label={t('sale.ico.usd')}
          name="usd"
          inputMode="decimal"
          autoComplete="off"
          value={usd}
          onChange={(event) => {
            const next = acceptUsdInput(event.target.value, usd);
            setUsd(next);
            setTokens(usdToTokens(next, sale.price));
          }}
          error={offerText}
        />
        <TextField
          label={t('sale.ico.brnd')}
          name="brnd"
          inputMode="decimal"
          autoComplete="off"
          value={tokens}
          onChange={(event) => {
            const next = acceptTokensInput(event.target.value, tokens);
            setTokens(next);
            setUsd(tokensToUsd(next, sale.price));
          }}
          error={offerText}
        />
      </div>
      <div className={styles.buttons}>
        <Button disabled={tooMany} onClick={() => buy('btc')}>
          {t('sale.ico.buyCrypto')}
        </Button>
        <Button variant="secondary" onClick={() => onBuyIeo(sale.ieoUrl)}>
          {t('sale.ico.buyIeo')}
        </Button>
        <Button variant="secondary" disabled={tooMany} onClick={() => buy('pln')}>
          {t('sale.ico.buyPln')}
        </Button>
      </div>
      <p className={styles.note}>{t('sale.ico.paymentNote')}</p>
    </Card>
  );
}
