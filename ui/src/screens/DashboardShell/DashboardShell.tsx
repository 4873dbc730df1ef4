import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button.tsx';
import { TabNav } from '../../components/TabNav/TabNav.tsx';
import { useSession } from '../../session.tsx';
import { useProfileQuery } from '../shared/account-queries.ts';
import { activeDashboardTab, DASHBOARD_TABS } from './dashboard-tabs.ts';
import styles from './DashboardShell.module.css';

export interface DashboardShellProps {
  /** The current path; it decides the active tab. The app passes the router's pathname. */
  pathname?: string;
  children: ReactNode;
}

/** The user area (/user/*): the user's name, the tabs as links, and the tab's page. */
export function DashboardShell({ pathname, children }: DashboardShellProps) {
  const intl = useIntl();
  const { session } = useSession();
  // The profile answer wins over the cookie: it follows a name change made on the Profile tab.
  const profile = useProfileQuery();
  const name = profile.data?.name ?? session?.name ?? '';
  const active = activeDashboardTab(pathname ?? window.location.pathname);

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <h1 className={styles.heading}>
          {name
            ? intl.formatMessage({ id: 'dashboard.heading' }, { name })
            : intl.formatMessage({ id: 'dashboard.headingNoName' })}
        </h1>
        <div className={styles.kyc}>
          <Button variant="secondary" disabled aria-describedby="kyc-note">
            {intl.formatMessage({ id: 'dashboard.kyc.button' })}
          </Button>
          <p id="kyc-note" className={styles.kycNote}>
            {intl.formatMessage({ id: 'dashboard.kyc.note' })}
          </p>
        </div>
      </header>
      <TabNav
        label={intl.formatMessage({ id: 'dashboard.tabs.label' })}
        items={DASHBOARD_TABS.map((tab) => ({
          to: tab.to,
          label: intl.formatMessage({ id: tab.labelId }),
          current: tab === active,
        }))}
      />
      <div className={styles.content}>{children}</div>
    </div>
  );
}
