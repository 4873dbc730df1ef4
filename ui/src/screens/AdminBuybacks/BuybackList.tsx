import { useIntl } from 'react-intl';
import type { Buyback } from '@brnd/contracts/api/burns';
import screen from '../shared/screen.module.css';
import styles from './AdminBuybacks.module.css';
import table from '../shared/table.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

const STATUS_TONE = { pending: styles.pending, confirmed: styles.confirmed, failed: styles.failed };

/** Every recorded buyback with its burn's state, newest first. */
export function BuybackList({ buybacks }: { buybacks: Buyback[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const usd = (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });

  if (buybacks.length === 0) return <p className={screen.muted}>{t('admin.buybacks.empty')}</p>;
  return (
    <TableScroll label={t('admin.buybacks.list')}>
      <table className={table.table}>
        <caption className="visually-hidden">{t('admin.buybacks.list')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.buybacks.quarter')}</th>
            <th scope="col">{t('admin.buybacks.profit')}</th>
            <th scope="col">{t('admin.buybacks.spent')}</th>
            <th scope="col">{t('admin.buybacks.amount')}</th>
            <th scope="col">{t('admin.buybacks.status')}</th>
            <th scope="col">{t('admin.buybacks.transaction')}</th>
          </tr>
        </thead>
        <tbody>
          {buybacks.map((buyback) => (
            <tr key={buyback.id}>
              <td>{buyback.quarter}</td>
              <td>{usd(buyback.subscription_profit_usd)}</td>
              <td>{usd(buyback.buyback_usd)}</td>
              <td>{intl.formatNumber(buyback.brnd_burned)}</td>
              <td>
                <span className={STATUS_TONE[buyback.status]}>
                  {t(`admin.buybacks.statuses.${buyback.status}`)}
                </span>
                {buyback.error && <p className={screen.muted}>{buyback.error}</p>}
              </td>
              <td className={table.long}>{buyback.tx_hash && <code>{buyback.tx_hash}</code>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
