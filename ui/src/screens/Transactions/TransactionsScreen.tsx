import { useState } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orders } from '@brnd/contracts/api/orders';
import type { ApiClient } from '@brnd/contracts/api/client';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { apiErrorText } from '../shared/api-error.ts';
import { ActivitySection } from './ActivitySection.tsx';
import { TRANSACTIONS_PER_PAGE, TransactionsView } from './TransactionsView.tsx';
import styles from './TransactionsView.module.css';

/** One page of the transactions list; `page` is zero-based. */
export function transactionsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: ['transactions', page],
    queryFn: async () =>
      (
        await api.call(orders, {
          query: { limit: TRANSACTIONS_PER_PAGE, offset: page * TRANSACTIONS_PER_PAGE },
        })
      ).orders,
    // The current rows stay on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}

/** The transactions tab of the dashboard. */
export function TransactionsScreen() {
  const intl = useIntl();
  const api = useApiClient();
  const [page, setPage] = useState(0);
  const query = useQuery(transactionsQueryOptions(api, page));

  if (query.isPending) {
    return <Spinner size="large" label={intl.formatMessage({ id: 'common.loading' })} />;
  }
  if (query.isError) {
    return (
      <div>
        <Alert variant="danger">{apiErrorText(query.error, intl)}</Alert>
        <Button onClick={() => void query.refetch()}>
          {intl.formatMessage({ id: 'accounts.common.tryAgain' })}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <TransactionsView
        transactions={query.data.rows}
        count={query.data.count}
        page={page}
        onPageChange={setPage}
        loadingPage={query.isPlaceholderData}
      />
      <ActivitySection />
    </div>
  );
}
