import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import type { Sale } from '@brnd/contracts/api/sale';
import { NewsletterEmailSchema } from '@brnd/contracts/domain/rules';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Countdown } from '../../components/Countdown/Countdown.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { Link } from '../../navigation.tsx';
import { firstErrorId } from '../shared/field-error.ts';
import { TeamList } from '../shared/TeamList.tsx';
import { SaleProgress, StageList, TierTable, useTierText } from '../shared/SaleFacts.tsx';
import { ConverterCard, type BuySearch } from './ConverterCard.tsx';
import styles from './IcoScreen.module.css';

/** The documents the build script writes (scripts/build-docs.ts → app/public/docs). */
export const SALE_DOCUMENTS = [
  { href: '/docs/brnd-whitepaper.pdf', labelId: 'sale.ico.whitepaper' },
  { href: '/docs/brnd-one-pager.pdf', labelId: 'sale.ico.onePager' },
] as const;

export interface NewsletterProps {
  email: string;
  onEmailChange(email: string): void;
  /** A valid address was submitted. */
  onSubscribe(email: string): void;
  subscribing: boolean;
}

export interface IcoViewProps {
  /** Undefined until the sale's figures have loaded. */
  sale: Sale | undefined;
  loading: boolean;
  /** Why the sale's figures did not load. */
  loadError: string | undefined;
  retrying: boolean;
  onRetry(): void;
  /** A buy button of the converter, with the amount typed. */
  onBuy(search: BuySearch): void;
  onBuyIeo(ieoUrl: string): void;
  newsletter: NewsletterProps;
}

/** /ico: the token sale page. */
export function IcoView({
  sale,
  loading,
  loadError,
  retrying,
  onRetry,
  onBuy,
  onBuyIeo,
  newsletter,
}: IcoViewProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });

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
      {sale && (
        <>
          <p className={styles.endsIn}>{t('sale.ico.endsIn')}</p>
          <Countdown end={sale.endsAt} label={t('sale.ico.endsIn')} />
        </>
      )}
      {loading && <Spinner size="large" label={t('sale.loading')} />}
      {loadError !== undefined && (
        <div className={styles.state}>
          <Alert variant="danger">{loadError}</Alert>
          <Button variant="secondary" busy={retrying} onClick={onRetry}>
            {t('sale.tryAgain')}
          </Button>
        </div>
      )}
      {sale && <SaleSections sale={sale} onBuy={onBuy} onBuyIeo={onBuyIeo} />}

      <Newsletter {...newsletter} />

      <section className={styles.section} aria-labelledby="ico-team">
        <h2 id="ico-team">{t('sale.ico.teamTitle')}</h2>
        <TeamList />
      </section>
    </div>
  );
}

function SaleSections({
  sale,
  onBuy,
  onBuyIeo,
}: {
  sale: Sale;
  onBuy(search: BuySearch): void;
  onBuyIeo(ieoUrl: string): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const tierText = useTierText();
  return (
    <>
      <div className={styles.columns}>
        <ConverterCard sale={sale} onBuy={onBuy} onBuyIeo={onBuyIeo} />
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

/** 'Notify me': an e-mail for news of the sale. */
function Newsletter({ email, onEmailChange, onSubscribe, subscribing }: NewsletterProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(NewsletterEmailSchema, email);
    if (!parsed.success) {
      setError(firstErrorId(parsed.issues));
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    onSubscribe(parsed.output);
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
            onEmailChange(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" busy={subscribing}>
          {t('sale.newsletter.submit')}
        </Button>
      </form>
    </section>
  );
}
