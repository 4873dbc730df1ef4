import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AuditEntry } from '@brnd/contracts/api/admin';
import { AUDIT_LOG_PAGE_SIZE } from '@brnd/contracts/domain/constants';
import { Button } from '../../components/Button/Button.tsx';
import { Card } from '../../components/Card/Card.tsx';
import { Pagination } from '../../components/Pagination/Pagination.tsx';
import { TextField } from '../../components/TextField/TextField.tsx';
import screen from '../shared/screen.module.css';
import styles from './AuditLogView.module.css';
import table from '../shared/table.module.css';
import { TableScroll } from '../shared/TableScroll.tsx';
import { ADMIN_TIME } from '../shared/admin-time.ts';
import { readableJson } from '../shared/readable-json.ts';

export interface AuditLogFilters {
  action: string;
  actor: string;
}

export interface AuditLogViewProps {
  entries: AuditEntry[];
  /** Matching entries across all pages. */
  count: number;
  /** Zero-based. */
  page: number;
  filters: AuditLogFilters;
  onFiltersChange(filters: AuditLogFilters): void;
  onPageChange(page: number): void;
  /** Another page or filter is loading; the current rows stay until it arrives. */
  loading?: boolean;
}

/** The append-only record of operator actions, filterable by action prefix and operator. */
export function AuditLogView({
  entries,
  count,
  page,
  filters,
  onFiltersChange,
  onPageChange,
  loading = false,
}: AuditLogViewProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [draft, setDraft] = useState(filters);
  const filtered = filters.action !== '' || filters.actor !== '';

  function apply(event: FormEvent) {
    event.preventDefault();
    onFiltersChange({ action: draft.action.trim(), actor: draft.actor.trim() });
  }

  return (
    <Card title={t('admin.auditLog.heading')}>
      <p className={screen.muted}>{t('admin.auditLog.intro')}</p>
      <form
        className={styles.filters}
        aria-label={t('admin.auditLog.filters')}
        role="search"
        onSubmit={apply}
      >
        <TextField
          label={t('admin.auditLog.action')}
          hint={t('admin.auditLog.actionHint')}
          value={draft.action}
          onChange={(event) => setDraft({ ...draft, action: event.target.value })}
        />
        <TextField
          label={t('admin.auditLog.actor')}
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        />
        <div className={styles.actions}>
          <Button type="submit">{t('admin.auditLog.apply')}</Button>
          {filtered && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setDraft({ action: '', actor: '' });
                onFiltersChange({ action: '', actor: '' });
              }}
            >
              {t('admin.auditLog.clear')}
            </Button>
          )}
        </div>
      </form>

      {count === 0 ? (
        <p className={screen.muted}>
          {t(filtered ? 'admin.auditLog.noMatch' : 'admin.auditLog.empty')}
        </p>
      ) : (
        <>
          <p aria-live="polite">{t('admin.auditLog.count', { count })}</p>
          <TableScroll label={t('admin.auditLog.heading')}>
            <table className={table.table} aria-busy={loading}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.auditLog.when')}</th>
                  <th scope="col">{t('admin.auditLog.operator')}</th>
                  <th scope="col">{t('admin.auditLog.actionColumn')}</th>
                  <th scope="col">{t('admin.auditLog.subject')}</th>
                  <th scope="col">{t('admin.auditLog.details')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{intl.formatDate(entry.created_at, ADMIN_TIME)}</td>
                    <td>{entry.actor_email}</td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>{entry.subject}</td>
                    <td className={table.long}>
                      {Object.keys(entry.details).length > 0 && (
                        <code>{readableJson(entry.details)}</code>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination
            label={t('admin.auditLog.pagination')}
            page={page}
            pages={Math.ceil(count / AUDIT_LOG_PAGE_SIZE)}
            onPageChange={onPageChange}
            busy={loading}
          />
        </>
      )}
    </Card>
  );
}
