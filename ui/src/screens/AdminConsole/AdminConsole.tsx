import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSession } from '@brnd/contracts/api/admin';
import type { ApiClient } from '@brnd/contracts/api/client';
import { isEndpointError } from '@brnd/contracts/api/errors';
import { useApiClient } from '../../api.tsx';
import { Alert } from '../../components/Alert/Alert.tsx';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { TabNav } from '../../components/TabNav/TabNav.tsx';
import { LoadFailure, LoadingPage } from '../shared/LoadStates.tsx';
import { MessagePage } from '../shared/MessagePage.tsx';
import { ADMIN_SECTIONS } from './admin-sections.ts';
import styles from './AdminConsole.module.css';

export function adminSessionQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'session'],
    queryFn: () => api.call(adminSession),
    // A 403 is an answer, not a hiccup: asking again changes nothing.
    retry: false,
  });
}

export interface AdminConsoleProps {
  /** The current path; it marks the active section. The app passes the router's pathname. */
  pathname?: string;
  children: ReactNode;
}

/**
 * The operator console (/admin/*). The server decides who is an operator: the console asks it
 * first and shows nothing of the sections to anyone it refuses.
 */
export function AdminConsole({ pathname, children }: AdminConsoleProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const session = useQuery(adminSessionQueryOptions(useApiClient()));
  const path = pathname ?? window.location.pathname;

  if (session.isPending) return <LoadingPage label={t('common.loading')} />;
  if (isEndpointError(session.error, adminSession, 'forbidden')) {
    return (
      <MessagePage
        title={t('admin.forbidden.title')}
        actions={<ButtonLink to="/user/dashboard">{t('admin.forbidden.toDashboard')}</ButtonLink>}
      >
        <Alert variant="danger">{t('errors.forbidden')}</Alert>
      </MessagePage>
    );
  }
  if (session.isError) {
    return <LoadFailure error={session.error} onRetry={() => void session.refetch()} />;
  }

  return (
    <div className={styles.console}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{t('admin.heading')}</h1>
        <p className={styles.operator}>{t('admin.signedInAs', { email: session.data.email })}</p>
      </header>
      <TabNav
        label={t('admin.sections.label')}
        items={ADMIN_SECTIONS.map((section) => ({
          to: section.to,
          label: t(section.labelId),
          current: path.startsWith(section.to),
        }))}
      />
      <div className={styles.content}>{children}</div>
    </div>
  );
}
