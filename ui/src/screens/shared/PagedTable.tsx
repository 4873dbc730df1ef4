import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination } from '../../components/Pagination/Pagination.tsx';
import { LoadFailure, LoadingPage } from './LoadStates.tsx';
import screen from './screen.module.css';
import table from './table.module.css';
import { TableScroll } from './TableScroll.tsx';

export interface PagedTableProps<Data extends { count: number }> {
  /** One page of rows and the count of all of them; kept while the next page loads. */
  query: UseQueryResult<Data>;
  caption: string;
  /** Shown instead of the table when the count is 0. */
  emptyText: string;
  /** Announced above the table: how many rows match. */
  countText: (count: number) => string;
  /** The header row's cells. */
  columns: ReactNode;
  rows: (data: Data) => ReactNode;
  paginationLabel: string;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
}

/** An operator's list: loading, failure with retry, empty, or a table of one page with a pager. */
export function PagedTable<Data extends { count: number }>({
  query,
  caption,
  emptyText,
  countText,
  columns,
  rows,
  paginationLabel,
  pageSize,
  page,
  onPageChange,
}: PagedTableProps<Data>) {
  const intl = useIntl();
  if (query.isPending) return <LoadingPage label={intl.formatMessage({ id: 'common.loading' })} />;
  if (query.isError) {
    return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.count === 0) return <p className={screen.muted}>{emptyText}</p>;
  return (
    <>
      <p aria-live="polite">{countText(query.data.count)}</p>
      <TableScroll label={caption}>
        <table className={table.table} aria-busy={query.isPlaceholderData}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>{columns}</tr>
          </thead>
          <tbody>{rows(query.data)}</tbody>
        </table>
      </TableScroll>
      <Pagination
        label={paginationLabel}
        page={page}
        pages={Math.ceil(query.data.count / pageSize)}
        onPageChange={onPageChange}
        busy={query.isPlaceholderData}
      />
    </>
  );
}
