import { useIntl } from 'react-intl';
import { Button } from '../Button/Button.tsx';
import styles from './Pagination.module.css';

export interface PaginationProps {
  /** Names the navigation landmark, e.g. "Transactions pages". */
  label: string;
  /** Zero-based. */
  page: number;
  pages: number;
  onPageChange(page: number): void;
  /** A page is loading: both buttons wait for it. */
  busy?: boolean;
}

/** Previous / "Page 2 of 5" / Next under a paged list; nothing when everything fits one page. */
export function Pagination({ label, page, pages, onPageChange, busy = false }: PaginationProps) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pagination}>
      <Button
        variant="secondary"
        disabled={page === 0 || busy}
        onClick={() => onPageChange(page - 1)}
      >
        {intl.formatMessage({ id: 'common.pagination.previous' })}
      </Button>
      <span aria-live="polite">
        {intl.formatMessage({ id: 'common.pagination.page' }, { page: page + 1, pages })}
      </span>
      <Button
        variant="secondary"
        disabled={page >= pages - 1 || busy}
        onClick={() => onPageChange(page + 1)}
      >
        {intl.formatMessage({ id: 'common.pagination.next' })}
      </Button>
    </nav>
  );
}
