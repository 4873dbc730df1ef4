import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { Redemption } from '@brnd/contracts/api/brand-tokens';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import { myTokensQueryOptions } from '../shared/brand-token-queries.ts';
import screen from '../shared/screen.module.css';
import { Offers } from './Offers.tsx';
import styles from './MyTokensScreen.module.css';
import { HoldingCard } from './HoldingCard.tsx';
import { RedemptionCode, Redemptions } from './Redemptions.tsx';

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
