import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { wholeTokens } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { apiErrorText } from './api-error.ts';
import { SaleProgress, useTierText } from './SaleFacts.tsx';
import { saleQueryOptions } from './sale-queries.ts';
import { walletQueryOptions } from './wallet-queries.ts';
import styles from './DashboardSale.module.css';
import { useSaleEvents } from './live-updates.ts';

/** The dashboard's sale cards: balance and tier with buy and invite, and the sale's progress. */
export function SaleDashboardCards() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const walletQuery = useQuery(walletQueryOptions(api));
  const saleQuery = useQuery(saleQueryOptions(api));
  useSaleEvents();
  const tierText = useTierText();

  return (
    <>
      <Card title={t('sale.dashboard.tokensTitle')}>
        <dl className={styles.figures}>
          <div>
            <dt>{t('sale.dashboard.balance')}</dt>
            <dd>
              {walletQuery.isPending ? (
                <Spinner size="small" label={t('sale.loading')} />
              ) : walletQuery.isError ? (
                t('sale.dashboard.unavailable')
              ) : (
                t('sale.tokens', { count: wholeTokens(walletQuery.data?.brnd_tokens ?? 0) })
              )}
            </dd>
          </div>
          <div>
            <dt>{t('sale.buy.tier')}</dt>
            <dd>
              {saleQuery.isPending ? (
                <Spinner size="small" label={t('sale.loading')} />
              ) : saleQuery.isError ? (
                t('sale.dashboard.unavailable')
              ) : (
                tierText(saleQuery.data)
              )}
            </dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <ButtonLink to="/user/buytoken">{t('sale.dashboard.buy')}</ButtonLink>
          <ButtonLink to="/user/referrals" variant="secondary">
            {t('sale.dashboard.invite')}
          </ButtonLink>
        </div>
      </Card>
      <Card title={t('sale.progress.title')}>
        {saleQuery.isPending && <Spinner size="medium" label={t('sale.loading')} />}
        {saleQuery.isError && <Alert variant="danger">{apiErrorText(saleQuery.error, intl)}</Alert>}
        {saleQuery.data && <SaleProgress sale={saleQuery.data} />}
      </Card>
    </>
  );
}
