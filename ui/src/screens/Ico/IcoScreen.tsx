import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { useMutation, useQuery } from '@tanstack/react-query';
import { newsletter } from '@brnd/contracts/api/content';
import type { Sale } from '@brnd/contracts/api/sale';
import { NewsletterEmailSchema } from '@brnd/contracts/domain/rules';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Countdown } from '../../components/Countdown/Countdown.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { Link, useNavigation } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { firstErrorId } from '../shared/field-error.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { TeamList } from '../shared/TeamList.tsx';
import { SaleProgress, StageList, TierTable, useTierText } from '../shared/SaleFacts.tsx';
import { saleQueryOptions } from '../shared/sale-queries.ts';
import {
  acceptTokensInput,
  acceptUsdInput,
  exceedsOffer,
  tokensToUsd,
  usdToPln,
  usdToTokens,
} from './converter.ts';
import styles from './IcoScreen.module.css';
import { useSaleEvents } from '../shared/live-updates.ts';

/** The documents the build script writes (scripts/build-docs.ts → app/public/docs). */
export const SALE_DOCUMENTS = [
  { href: '/docs/brnd-whitepaper.pdf', labelId: 'sale.ico.whitepaper' },
  { href: '/docs/brnd-one-pager.pdf', labelId: 'sale.ico.onePager' },
] as const;

export interface IcoScreenProps {
  /** A referral code from `?code=`: a logged-out buyer registers with it. */
  code?: string;
}

/** /ico: the token sale page. */
export function IcoScreen({ code }: IcoScreenProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const api = useApiClient();
  const query = useQuery(saleQueryOptions(api));
  useSaleEvents();

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1>{t('sale.ico.title')}</h1>
        <p className={styles.lead}>{t('sale.ico.lead')}</p>
      </header>

      <section className={styles.section} aria-labelledby="ico-about">
        <h2 id="ico-about">{t('sale.ico.aboutTitle')}</h2>
        <p>{t('sale.ico.about1')}</p>
        <p>{t('sale.ico.about2')}</p>
        <p>
          {t('sale.ico.about3')} <Link to="/burns">{t('sale.ico.burnsLink')}</Link>
        </p>
        <ul className={styles.documents}>
          {SALE_DOCUMENTS.map((document) => (
            <li key={document.href}>
              <a href={document.href} target="_blank" rel="noopener">
                {t(document.labelId)}
              </a>
            </li>
          ))}
        </ul>
      </section>

      {/* The live sale comes after the text the page is prerendered with, so its arrival moves
          nothing a reader is looking at (no layout shift, decision 060). */}
      {query.data && (
        <>
          <p className={styles.endsIn}>{t('sale.ico.endsIn')}</p>
          <Countdown end={query.data.endsAt} label={t('sale.ico.endsIn')} />
        </>
      )}
      {query.isPending && <Spinner size="large" label={t('sale.loading')} />}
      {query.isError && (
        <div className={styles.state}>
          <Alert variant="danger">{apiErrorText(query.error, intl)}</Alert>
          <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
            {t('sale.tryAgain')}
          </Button>
        </div>
      )}
      {query.data && <SaleSections sale={query.data} code={code} />}

      <Newsletter />

      <section className={styles.section} aria-labelledby="ico-team">
        <h2 id="ico-team">{t('sale.ico.teamTitle')}</h2>
        <TeamList />
      </section>
    </div>
  );
}

function SaleSections({ sale, code }: { sale: Sale; code?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const tierText = useTierText();
  return (
    <>
      <div className={styles.columns}>
        <Converter sale={sale} code={code} />
        <Card title={t('sale.progress.title')}>
          <SaleProgress sale={sale} />
          <dl className={styles.facts}>
            <div>
              <dt>{t('sale.buy.tier')}</dt>
              <dd>{tierText(sale)}</dd>
            </div>
            <div>
              <dt>{t('sale.buy.totalSupply')}</dt>
              <dd>{t('sale.tokens', { count: sale.totalSupply })}</dd>
            </div>
            <div>
              <dt>{t('sale.ico.offered')}</dt>
              <dd>{t('sale.tokens', { count: sale.tokensOffered })}</dd>
            </div>
          </dl>
        </Card>
      </div>
      <section className={styles.section} aria-labelledby="ico-tiers">
        <h2 id="ico-tiers">{t('sale.tiers.title')}</h2>
        <TierTable sale={sale} />
      </section>
      <section className={styles.section} aria-labelledby="ico-stages">
        <h2 id="ico-stages">{t('sale.stages.title')}</h2>
        <StageList sale={sale} />
      </section>
    </>
  );
}

/** USD ↔ BRND at the sale's price, and the ways to buy what it shows. */
function Converter({ sale, code }: { sale: Sale; code?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const navigation = useNavigation();
  const { session } = useSession();
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
    const search = route === 'btc' ? { btc_brands: amount } : { pln_brands: amount };
    if (session) {
      navigation.navigate('/user/buytoken', { search });
    } else if (code) {
      navigation.navigate('/register', { search: { code } });
    } else {
      navigation.navigate('/login', { search: { buytoken: '', ...search } });
    }
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
        <Button variant="secondary" onClick={() => navigation.assign?.(sale.ieoUrl)}>
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

/** 'Notify me': an e-mail for news of the sale. */
function Newsletter() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const api = useApiClient();
  const toast = useToast();
  const showError = useApiErrorToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const subscribe = useMutation({
    mutationFn: (address: string) => api.call(newsletter, { body: { email: address } }),
    onSuccess: () => {
      setEmail('');
      toast.success(t('sale.newsletter.done'));
    },
    onError: showError,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(NewsletterEmailSchema, email);
    if (!parsed.success) {
      setError(firstErrorId(parsed.issues));
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    subscribe.mutate(parsed.output);
  };

  return (
    <section className={styles.section} aria-labelledby="ico-newsletter">
      <h2 id="ico-newsletter">{t('sale.newsletter.title')}</h2>
      <p>{t('sale.newsletter.text')}</p>
      <form noValidate className={styles.newsletter} onSubmit={onSubmit}>
        <TextField
          label={t('sale.newsletter.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={error ? t(error) : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" busy={subscribe.isPending}>
          {t('sale.newsletter.submit')}
        </Button>
      </form>
    </section>
  );
}
