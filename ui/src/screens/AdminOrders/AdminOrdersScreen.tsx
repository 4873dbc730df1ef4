import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_ORDER_METHODS,
  ADMIN_ORDER_STATUSES,
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrders,
} from '@brnd/contracts/api/admin-orders';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { PagedTable } from '../shared/PagedTable.tsx';
import screen from '../shared/screen.module.css';
import { FilterActions } from '../shared/FilterActions.tsx';
import styles from '../shared/filter-form.module.css';
import { ExceptionBadge, StatusBadge } from '../shared/order-badges.tsx';
import { ADMIN_TIME } from '../shared/admin-time.ts';

export interface OrderFilters {
  email: string;
  id: string;
  status: string;
  method: string;
  from: string;
  to: string;
  undecided: boolean;
}

const NO_FILTERS: OrderFilters = {
  email: '',
  id: '',
  status: '',
  method: '',
  from: '',
  to: '',
  undecided: false,
};

export function adminOrdersQueryOptions(api: ApiClient, filters: OrderFilters, page: number) {
  return queryOptions({
    queryKey: ['admin', 'orders', filters, page],
    queryFn: () =>
      api.call(adminOrders, {
        query: {
          ...(filters.email ? { email: filters.email } : {}),
          ...(filters.id ? { id: filters.id } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.method ? { method: filters.method } : {}),
          ...(filters.from ? { from: filters.from } : {}),
          ...(filters.to ? { to: filters.to } : {}),
          ...(filters.undecided ? { undecided: 'true' } : {}),
          offset: page * ADMIN_ORDERS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The console's orders and payments: search every order, open one to see and decide its payment. */
export function AdminOrdersScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<OrderFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const query = useQuery(adminOrdersQueryOptions(useApiClient(), filters, page));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const usd = (value: number) => intl.formatNumber(value, { style: 'currency', currency: 'USD' });

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...draft, email: draft.email.trim(), id: draft.id.trim() });
    setPage(0);
  }

  const select = (name: 'status' | 'method', options: readonly string[], label: string) => (
    <label className={styles.select}>
      {label}
      <select
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      >
        <option value="">{t('finance.orders.any')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {name === 'status' ? t(`finance.statuses.${option}`) : option}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Card title={t('finance.orders.heading')}>
      <p className={screen.muted}>{t('finance.orders.intro')}</p>
      <form
        className={styles.filters}
        role="search"
        aria-label={t('finance.orders.filters')}
        onSubmit={apply}
      >
        <TextField
          label={t('finance.orders.email')}
          value={draft.email}
          onChange={(event) => setDraft({ ...draft, email: event.target.value })}
        />
        <TextField
          label={t('finance.orders.id')}
          value={draft.id}
          onChange={(event) => setDraft({ ...draft, id: event.target.value })}
        />
        {select('status', ADMIN_ORDER_STATUSES, t('finance.orders.status'))}
        {select('method', ADMIN_ORDER_METHODS, t('finance.orders.method'))}
        <TextField
          type="date"
          label={t('finance.orders.from')}
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          type="date"
          label={t('finance.orders.to')}
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.undecided}
            onChange={(event) => setDraft({ ...draft, undecided: event.target.checked })}
          />
          {t('finance.orders.undecided')}
        </label>
        <FilterActions
          searchText={t('finance.orders.search')}
          clearText={t('finance.orders.clear')}
          filtered={filtered}
          onClear={() => {
            setDraft(NO_FILTERS);
            setFilters(NO_FILTERS);
            setPage(0);
          }}
        />
      </form>

      <PagedTable
        query={query}
        caption={t('finance.orders.heading')}
        emptyText={t(filtered ? 'finance.orders.noMatch' : 'finance.orders.empty')}
        countText={(count) => t('finance.orders.count', { count })}
        columns={
          <>
            <th scope="col">{t('finance.orders.created')}</th>
            <th scope="col">{t('finance.orders.buyer')}</th>
            <th scope="col">{t('finance.orders.method')}</th>
            <th scope="col">{t('finance.orders.usd')}</th>
            <th scope="col">{t('finance.orders.tokens')}</th>
            <th scope="col">{t('finance.orders.status')}</th>
            <th scope="col">{t('finance.orders.exception')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('finance.orders.open')}</span>
            </th>
          </>
        }
        rows={(data) =>
          data.orders.map((order) => (
            <tr key={order.id}>
              <td>{intl.formatDate(order.created_at, ADMIN_TIME)}</td>
              <td>{order.user_email}</td>
              <td>{order.method}</td>
              <td>{usd(order.usd)}</td>
              <td>{intl.formatNumber(order.brnd_tokens)}</td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>
                <ExceptionBadge
                  exception={order.payment_exception}
                  needsDecision={order.needs_decision}
                />
              </td>
              <td>
                <ButtonLink
                  variant="secondary"
                  to={`/admin/orders/${order.id}`}
                  aria-label={t('finance.orders.openLabel', { id: order.id })}
                >
                  {t('finance.orders.open')}
                </ButtonLink>
              </td>
            </tr>
          ))
        }
        paginationLabel={t('finance.orders.pagination')}
        pageSize={ADMIN_ORDERS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      />
    </Card>
  );
}
