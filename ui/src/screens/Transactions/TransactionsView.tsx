import { useIntl } from 'react-intl';
import type { Transaction } from '@brnd/contracts/api/orders';
import type { TransactionStatus } from '@brnd/contracts/domain/constants';
import { PAYOUT_SIGNATURE } from '@brnd/contracts/api/wallet';
import { Card } from '../../components/Card/Card.tsx';
import { useAmount } from '../../amounts.ts';
import { Link } from '../../navigation.tsx';
import { Pagination } from '../../components/Pagination/Pagination.tsx';
import styles from './TransactionsView.module.css';
import screen from '../shared/screen.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';

/** The spec's page size for the transactions list. */
export const TRANSACTIONS_PER_PAGE = 5;

/** Badge colour per status; the status text is always shown next to it. */
const STATUS_TONE: Record<TransactionStatus, 'good' | 'waiting' | 'bad'> = {
  Confirmed: 'good',
  Pending: 'waiting',
  WAITING_FOR_PAYMENT: 'waiting',
  Canceled: 'bad',
  Failed: 'bad',
};

const KNOWN_TYPES = new Set([PAYOUT_SIGNATURE, 'BTC', 'ETH', 'PLN']);
/** Crypto orders have a page of their own (step 2), where a waiting one is paid or explained. */
const ORDER_PAGE_TYPES = new Set(['BTC', 'ETH']);

/** Money an order received beyond "paid in time": its tone next to (or instead of) the status. */
const SITUATION_TONE = {
  partial: 'waiting',
  awaiting_decision: 'waiting',
  credited: 'good',
  refund_noted: 'bad',
} as const;

export interface TransactionsViewProps {
  /** The rows of the current page. */
  transactions: Transaction[];
  /** All of the user's transactions, across pages. */
  count: number;
  /** Zero-based. */
  page: number;
  onPageChange(page: number): void;
  /** A page change is loading; the current rows stay until it arrives. */
  loadingPage?: boolean;
}

/** The dashboard's transactions tab: orders and payouts, newest first, a page at a time. */
export function TransactionsView({
  transactions,
  count,
  page,
  onPageChange,
  loadingPage = false,
}: TransactionsViewProps) {
  const intl = useIntl();
  const amount = useAmount();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const pages = Math.max(1, Math.ceil(count / TRANSACTIONS_PER_PAGE));
  const usd = (value: number, maximumFractionDigits: number) =>
    intl.formatNumber(value, { style: 'currency', currency: 'USD', maximumFractionDigits });

  if (count === 0) {
    return (
      <Card title={t('transactions.heading')}>
        <p className={screen.muted}>{t('transactions.empty')}</p>
      </Card>
    );
  }

  return (
    <Card title={t('transactions.heading')}>
      <TableScroll label={t('transactions.heading')} className={styles.scroll}>
        <table className={styles.table} aria-busy={loadingPage}>
          <thead>
            <tr>
              <th scope="col">{t('transactions.date')}</th>
              <th scope="col" className={styles.number}>
                {t('transactions.tokens')}
              </th>
              <th scope="col" className={styles.number}>
                {t('transactions.tokenPrice')}
              </th>
              <th scope="col" className={styles.number}>
                {t('transactions.amount')}
              </th>
              <th scope="col">{t('transactions.type')}</th>
              <th scope="col">{t('transactions.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('transactions.openOrder')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((transaction) => {
              // A payout moves tokens only: there is no price or dollar amount to show.
              const payout = transaction.signature === PAYOUT_SIGNATURE;
              const notApplicable = (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">{t('transactions.notApplicable')}</span>
                </>
              );
              const date = intl.formatDate(transaction.created_at, {
                dateStyle: 'medium',
                timeStyle: 'short',
              });
              return (
                <tr key={`${transaction.signature}:${transaction.session_id}`}>
                  <td>{date}</td>
                  <td className={styles.number}>
                    {intl.formatNumber(transaction.brnd_tokens, { maximumFractionDigits: 0 })}
                  </td>
                  <td className={styles.number}>
                    {payout ? notApplicable : usd(transaction.token_price, 6)}
                  </td>
                  <td className={styles.number}>
                    {payout ? notApplicable : usd(transaction.amount, 2)}
                  </td>
                  <td>
                    {KNOWN_TYPES.has(transaction.signature)
                      ? t(`transactions.types.${transaction.signature}`)
                      : transaction.signature}
                  </td>
                  <td>
                    {transaction.payment_situation ? (
                      // Money arrived: say what and where it stands, never just "Failed".
                      <span className={styles[SITUATION_TONE[transaction.payment_situation]]}>
                        {t(`transactions.situations.${transaction.payment_situation}`, {
                          paid: amount(transaction.paid_amount ?? '0', transaction.signature),
                        })}
                      </span>
                    ) : (
                      <span className={styles[STATUS_TONE[transaction.status]]}>
                        {t(`transactions.statuses.${transaction.status}`)}
                      </span>
                    )}
                  </td>
                  <td>
                    {ORDER_PAGE_TYPES.has(transaction.signature) && (
                      <Link
                        to={`/user/buytoken/${transaction.session_id}`}
                        aria-label={t('transactions.openOrderLabel', { date })}
                      >
                        {t('transactions.openOrder')}
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <Pagination
        label={t('transactions.pagination')}
        page={page}
        pages={pages}
        onPageChange={onPageChange}
        busy={loadingPage}
      />
    </Card>
  );
}
