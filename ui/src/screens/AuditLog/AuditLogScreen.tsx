import { useState } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLog } from '@brnd/contracts/api/admin';
import type { ApiClient } from '@brnd/contracts/api/client';
import { AUDIT_LOG_PAGE_SIZE } from '@brnd/contracts/domain/constants';
import { useApiClient } from '../../api.tsx';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import { AuditLogView, type AuditLogFilters } from './AuditLogView.tsx';

export function auditLogQueryOptions(api: ApiClient, filters: AuditLogFilters, page: number) {
  return queryOptions({
    queryKey: ['admin', 'audit-log', filters, page],
    queryFn: () =>
      api.call(auditLog, {
        query: {
          action: filters.action || undefined,
          actor: filters.actor || undefined,
          offset: page * AUDIT_LOG_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The console's audit log section. */
export function AuditLogScreen() {
  const intl = useIntl();
  const [filters, setFilters] = useState<AuditLogFilters>({ action: '', actor: '' });
  const [page, setPage] = useState(0);
  const query = useQuery(auditLogQueryOptions(useApiClient(), filters, page));

  if (query.isPending) {
    return <LoadingPage label={intl.formatMessage({ id: 'common.loading' })} />;
  }
  if (query.isError)
    return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <AuditLogView
      entries={query.data.entries}
      count={query.data.count}
      page={page}
      filters={filters}
      onFiltersChange={(next) => {
        setFilters(next);
        setPage(0);
      }}
      onPageChange={setPage}
      loading={query.isPlaceholderData}
    />
  );
}
