import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_OUTCOMES,
  NOTIFICATION_PROVIDERS,
  adminNotifications,
} from '@brnd/contracts/api/admin-orders';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import { PagedTable } from '../shared/PagedTable.tsx';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import { FilterActions } from '../shared/FilterActions.tsx';
import styles from '../shared/filter-form.module.css';
import { NotificationOutcome } from '../shared/order-badges.tsx';
import { ADMIN_TIME } from '../shared/admin-time.ts';
import { readableJson } from '../shared/readable-json.ts';

export interface NotificationFilters {
  order: string;
  provider: string;
  outcome: string;
}

const NO_FILTERS: NotificationFilters = { order: '', provider: '', outcome: '' };

export function adminNotificationsQueryOptions(
  api: ApiClient,
  filters: NotificationFilters,
  page: number,
) {
  return queryOptions({
    queryKey: ['admin', 'notifications', filters, page],
    queryFn: () =>
      api.call(adminNotifications, {
        query: {
          ...(filters.order ? { order: filters.order } : {}),
          ...(filters.provider ? { provider: filters.provider } : {}),
          ...(filters.outcome ? { outcome: filters.outcome } : {}),
          offset: page * ADMIN_NOTIFICATIONS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every gateway webhook and card callback as it arrived (docs/decisions/027), filterable by
 * order; an order's page offers "fetch from the provider again" when its webhooks were lost.
 */
export function AdminNotificationsScreen({ order = '' }: { order?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const initial = { ...NO_FILTERS, order };
  const [filters, setFilters] = useState<NotificationFilters>(initial);
  const [draft, setDraft] = useState<NotificationFilters>(initial);
  const [page, setPage] = useState(0);
  const query = useQuery(adminNotificationsQueryOptions(useApiClient(), filters, page));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...draft, order: draft.order.trim() });
    setPage(0);
  }

  const select = (name: 'provider' | 'outcome', options: readonly string[], label: string) => (
    <label className={styles.select}>
      {label}
      <select
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      >
        <option value="">{t('finance.notifications.any')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(
              name === 'provider'
                ? `finance.orders.providers.${option}`
                : `finance.orders.outcomes.${option}`,
            )}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Card title={t('finance.notifications.heading')}>
      <p className={screen.muted}>{t('finance.notifications.intro')}</p>
      <form
        className={styles.filters}
        role="search"
        aria-label={t('finance.notifications.filters')}
        onSubmit={apply}
      >
        <TextField
          label={t('finance.notifications.order')}
          value={draft.order}
          onChange={(event) => setDraft({ ...draft, order: event.target.value })}
        />
        {select('provider', NOTIFICATION_PROVIDERS, t('finance.notifications.provider'))}
        {select('outcome', NOTIFICATION_OUTCOMES, t('finance.notifications.outcome'))}
        <FilterActions
          searchText={t('finance.notifications.search')}
          clearText={t('finance.notifications.clear')}
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
        caption={t('finance.notifications.heading')}
        emptyText={t(filtered ? 'finance.notifications.noMatch' : 'finance.notifications.empty')}
        countText={(count) => t('finance.notifications.count', { count })}
        columns={
          <>
            <th scope="col">{t('finance.notifications.received_at')}</th>
            <th scope="col">{t('finance.notifications.provider')}</th>
            <th scope="col">{t('finance.notifications.order_ref')}</th>
            <th scope="col">{t('finance.notifications.outcome')}</th>
            <th scope="col">{t('finance.notifications.body')}</th>
          </>
        }
        rows={(data) =>
          data.notifications.map((notification) => (
            <tr key={notification.id}>
              <td>{intl.formatDate(notification.received_at, ADMIN_TIME)}</td>
              <td>{t(`finance.orders.providers.${notification.provider}`)}</td>
              <td className={table.long}>
                {notification.order_ref ? (
                  <ButtonLink
                    variant="secondary"
                    to={`/admin/orders/${encodeURIComponent(notification.order_ref)}`}
                    aria-label={t('finance.orders.openLabel', { id: notification.order_ref })}
                  >
                    {notification.order_ref}
                  </ButtonLink>
                ) : (
                  t('finance.notifications.none')
                )}
              </td>
              <td>
                <NotificationOutcome notification={notification} />
              </td>
              <td className={table.long}>
                <code>{readableJson(notification.body)}</code>
              </td>
            </tr>
          ))
        }
        paginationLabel={t('finance.notifications.pagination')}
        pageSize={ADMIN_NOTIFICATIONS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      />
    </Card>
  );
}
