import { useIntl } from 'react-intl';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminTreasurySends,
  retryTreasurySend,
  type TreasurySend,
} from '@brnd/contracts/api/admin-treasury';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Badge } from '../../components/Badge/Badge.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useToast } from '../../components/Toast/Toast.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { TableScroll } from '../shared/TableScroll.tsx';
import screen from '../shared/screen.module.css';
import table from '../shared/table.module.css';

export function treasurySendsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'treasury'],
    queryFn: () => api.call(adminTreasurySends),
  });
}

/**
 * Treasury transactions (payouts, burns, brand token sends) sent but not settled: an operator
 * judges them by nonce, hash and age and can ask for a fee-bumped replacement (issue #18).
 */
export function TreasurySends() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery(treasurySendsQueryOptions(api));
  const retry = useMutation({
    mutationFn: (send: TreasurySend) =>
      api.call(retryTreasurySend, { params: { source: send.source, id: send.id } }),
    onSuccess: ({ send }) => toast.success(t('finance.treasury.retried', { nonce: send.nonce })),
    onError: (error) => toast.danger(apiErrorText(error, intl)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
  });

  const age = (seconds: number) =>
    seconds < 3600
      ? t('finance.treasury.ageMinutes', { minutes: Math.floor(seconds / 60) })
      : t('finance.treasury.ageHours', { hours: Math.floor(seconds / 3600) });

  const hash = (send: TreasurySend, explorer: string | null) => {
    if (!send.tx_hash) return '—';
    const code = <code>{send.tx_hash}</code>;
    return explorer ? (
      <a href={explorer.replace('{hash}', send.tx_hash)} target="_blank" rel="noreferrer">
        {code}
      </a>
    ) : (
      code
    );
  };

  let body;
  if (query.isPending) body = <Spinner label={t('common.loading')} />;
  else if (query.isError) body = <Alert variant="danger">{apiErrorText(query.error, intl)}</Alert>;
  else if (query.data.sends.length === 0) {
    body = <p className={screen.muted}>{t('finance.treasury.empty')}</p>;
  } else {
    const explorer = query.data.explorer_tx_url;
    body = (
      <TableScroll label={t('finance.treasury.heading')}>
        <table className={table.table}>
          <caption className="visually-hidden">{t('finance.treasury.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('finance.treasury.nonce')}</th>
              <th scope="col">{t('finance.treasury.kind')}</th>
              <th scope="col">{t('finance.treasury.status')}</th>
              <th scope="col">{t('finance.treasury.transaction')}</th>
              <th scope="col">{t('finance.treasury.age')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('finance.treasury.retry')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.sends.map((send) => (
              <tr key={`${send.source}:${send.id}`}>
                <td>{send.nonce}</td>
                <td>{t(`finance.treasury.sources.${send.source}`)}</td>
                <td>
                  <Badge tone="warning">{t(`finance.treasury.statuses.${send.status}`)}</Badge>
                  <p className={screen.muted}>
                    {t('finance.treasury.versions', { count: send.versions })}
                  </p>
                  {send.retry_requested && (
                    <p className={screen.muted}>{t('finance.treasury.retryWaiting')}</p>
                  )}
                </td>
                <td className={table.long}>{hash(send, explorer)}</td>
                <td>{age(send.age_seconds)}</td>
                <td>
                  {send.status === 'broadcast' && !send.retry_requested && (
                    <Button
                      variant="secondary"
                      aria-label={t('finance.treasury.retryLabel', { nonce: send.nonce })}
                      busy={retry.isPending && retry.variables.id === send.id}
                      onClick={() => retry.mutate(send)}
                    >
                      {t('finance.treasury.retry')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    );
  }

  return (
    <Card title={t('finance.treasury.heading')}>
      <p className={screen.muted}>{t('finance.treasury.intro')}</p>
      {body}
    </Card>
  );
}
