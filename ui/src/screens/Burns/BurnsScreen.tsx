import { useIntl } from 'react-intl';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { burns } from '@brnd/contracts/api/burns';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { useAmount } from '../../amounts.ts';
import { cx } from '../../components/class-names.ts';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import screen from '../shared/screen.module.css';
import styles from './BurnsScreen.module.css';
import table from '../shared/table.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

export function burnsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: ['burns'], queryFn: () => api.call(burns) });
}

/** The public record of every quarterly buyback-and-burn, with its chain transaction. */
export function BurnsScreen() {
  const intl = useIntl();
  const amount = useAmount();
  const t = (id: string) => intl.formatMessage({ id });
  const query = useQuery(burnsQueryOptions(useApiClient()));

  if (query.isPending) return <LoadingPage label={t('common.loading')} />;
  if (query.isError)
    return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  const { burns: list, total_burned } = query.data;

  return (
    <div className={styles.page}>
      <h1>{t('burns.heading')}</h1>
      <p className={styles.lead}>{t('burns.intro')}</p>
      <p className={styles.total}>
        <span>{t('burns.total')}</span>
        <strong>{amount(total_burned, 'BRND')}</strong>
      </p>
      {list.length === 0 ? (
        <p className={screen.muted}>{t('burns.empty')}</p>
      ) : (
        <TableScroll label={t('burns.list')}>
          <table className={cx(table.table, styles.table)}>
            <caption>{t('burns.list')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('burns.quarter')}</th>
                <th scope="col">{t('burns.burned')}</th>
                <th scope="col">{t('burns.spent')}</th>
                <th scope="col">{t('burns.date')}</th>
                <th scope="col">{t('burns.transaction')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((burn) => (
                <tr key={burn.tx_hash}>
                  <td>{burn.quarter}</td>
                  <td>{intl.formatNumber(burn.brnd_burned)}</td>
                  <td>
                    {intl.formatNumber(burn.buyback_usd, { style: 'currency', currency: 'USD' })}
                  </td>
                  <td>{intl.formatDate(burn.burned_at, { dateStyle: 'medium' })}</td>
                  <td className={table.long}>
                    <code>{burn.tx_hash}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
