import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ADMIN_PAYOUTS_PAGE_SIZE,
  adminPayouts,
  retryPayout,
  type AdminPayout,
} from '@brnd/contracts/api/admin-payouts';
import type { ApiClient } from '@brnd/contracts/api/client';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { PAYOUT_STATUSES, type PayoutStatus } from '@brnd/contracts/api/wallet';
import { useApiClient } from '../../api.tsx';
import { Badge, type BadgeTone } from '../../components/Badge/Badge.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Modal } from '../../components/Modal/Modal.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { PagedTable } from '../shared/PagedTable.tsx';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';
import styles from '../shared/filter-form.module.css';
import { TreasurySends } from './TreasurySends.tsx';
import { ADMIN_TIME } from '../shared/admin-time.ts';

const TONE: Record<PayoutStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'success',
  failed: 'danger',
};

/** A retry refused because the payout moved on: retried elsewhere, settled, or the balance spent. */
const STALE_RETRY = ['notFailed', 'alreadyRetried', 'balanceGone'] as const;

export function adminPayoutsQueryOptions(api: ApiClient, status: PayoutStatus | '', page: number) {
  return queryOptions({
    queryKey: ['admin', 'payouts', status, page],
    queryFn: () =>
      api.call(adminPayouts, {
        query: { ...(status ? { status } : {}), offset: page * ADMIN_PAYOUTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The console's payouts: every payout with its chain transaction; a failed one can be retried once. */
export function AdminPayoutsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const [page, setPage] = useState(0);
  const [retrying, setRetrying] = useState<AdminPayout | null>(null);
  const query = useQuery(adminPayoutsQueryOptions(api, status, page));
  const tokens = (payout: AdminPayout) => intl.formatNumber(payout.brnd_tokens);

  const retry = useMutation({
    mutationFn: (payout: AdminPayout) => api.call(retryPayout, { params: { id: payout.id } }),
    onSuccess: ({ payout }) => {
      toast.success(t('finance.payouts.retried', { id: payout.id }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] });
    },
    onError: (error) => {
      toast.danger(apiErrorText(error, intl));
      // Retried elsewhere or the balance moved: show the payouts as they are now.
      if (STALE_RETRY.some((kind) => isEndpointError(error, retryPayout, kind))) {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] });
      }
    },
  });

  const transaction = (payout: AdminPayout, explorer: string | null) => {
    if (!payout.tx_hash) return payout.error ? <span>{payout.error}</span> : null;
    const hash = <code>{payout.tx_hash}</code>;
    return (
      <>
        {explorer ? (
          <a href={explorer.replace('{hash}', payout.tx_hash)} target="_blank" rel="noreferrer">
            {hash}
          </a>
        ) : (
          hash
        )}
        {payout.error && <p className={screen.muted}>{payout.error}</p>}
      </>
    );
  };

  return (
    <>
      <Card title={t('finance.payouts.heading')}>
        <p className={screen.muted}>{t('finance.payouts.intro')}</p>
        <div className={styles.filters}>
          <label className={styles.select}>
            {t('finance.payouts.filter')}
            <select
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as PayoutStatus | '');
                setPage(0);
              }}
            >
              <option value="">{t('finance.payouts.all')}</option>
              {PAYOUT_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {t(`finance.payouts.statuses.${option}`)}
                </option>
              ))}
            </select>
          </label>
        </div>

        <PagedTable
          query={query}
          caption={t('finance.payouts.heading')}
          emptyText={t(status ? 'finance.payouts.noMatch' : 'finance.payouts.empty')}
          countText={(count) => t('finance.payouts.count', { count })}
          columns={
            <>
              <th scope="col">{t('finance.payouts.created')}</th>
              <th scope="col">{t('finance.payouts.user')}</th>
              <th scope="col">{t('finance.payouts.amount')}</th>
              <th scope="col">{t('finance.payouts.address')}</th>
              <th scope="col">{t('finance.payouts.status')}</th>
              <th scope="col">{t('finance.payouts.transaction')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('finance.payouts.retry')}</span>
              </th>
            </>
          }
          rows={(data) =>
            data.payouts.map((payout) => (
              <tr key={payout.id}>
                <td>{intl.formatDate(payout.created_at, ADMIN_TIME)}</td>
                <td>{payout.user_email}</td>
                <td>{tokens(payout)}</td>
                <td className={table.long}>
                  <code>{payout.address}</code>
                </td>
                <td>
                  <Badge tone={TONE[payout.status]}>
                    {t(`finance.payouts.statuses.${payout.status}`)}
                  </Badge>
                  {payout.retry_of && (
                    <p className={screen.muted}>
                      {t('finance.payouts.retryOf', { id: payout.retry_of })}
                    </p>
                  )}
                  {payout.retried_by && (
                    <p className={screen.muted}>
                      {t('finance.payouts.retriedBy', { id: payout.retried_by })}
                    </p>
                  )}
                </td>
                <td className={table.long}>{transaction(payout, data.explorer_tx_url)}</td>
                <td>
                  {payout.status === 'failed' && !payout.retried_by && (
                    <Button
                      variant="secondary"
                      aria-label={t('finance.payouts.retryLabel', {
                        tokens: payout.brnd_tokens,
                        address: payout.address,
                      })}
                      busy={retry.isPending && retry.variables.id === payout.id}
                      onClick={() => setRetrying(payout)}
                    >
                      {t('finance.payouts.retry')}
                    </Button>
                  )}
                </td>
              </tr>
            ))
          }
          paginationLabel={t('finance.payouts.pagination')}
          pageSize={ADMIN_PAYOUTS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
        />
        <Modal
          open={retrying !== null}
          onOpenChange={(open) => {
            if (!open) setRetrying(null);
          }}
          title={t('finance.payouts.retry')}
          description={
            retrying
              ? t('finance.payouts.retryConfirm', {
                  tokens: retrying.brnd_tokens,
                  address: retrying.address,
                })
              : ''
          }
          footer={
            <>
              <Button variant="ghost" onClick={() => setRetrying(null)}>
                {t('finance.payouts.cancel')}
              </Button>
              <Button
                onClick={() => {
                  if (retrying) retry.mutate(retrying);
                  setRetrying(null);
                }}
              >
                {t('finance.payouts.retryConfirmButton')}
              </Button>
            </>
          }
        />
      </Card>
      <TreasurySends />
    </>
  );
}
