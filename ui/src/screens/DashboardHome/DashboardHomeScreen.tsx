import { useIntl } from 'react-intl';
import { Card } from '../../components/Card/Card.tsx';
import { Link } from '../../navigation.tsx';
import { useSession } from '../../session.tsx';
import { SaleDashboardCards } from '../shared/SaleDashboardCards.tsx';
import { FavouriteBrands } from './FavouriteBrands.tsx';
import styles from './DashboardHomeScreen.module.css';

/**
 * /user/dashboard. Only a fully verified account holds a session (login answers a phone-step
 * code instead of a token until the phone is verified), so both checks are done here.
 */
export function DashboardHomeScreen() {
  const intl = useIntl();
  const { session } = useSession();
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <div className={styles.grid}>
      <SaleDashboardCards />
      <FavouriteBrands />
      <Card title={t('dashboard.home.statusTitle')}>
        <dl className={styles.status}>
          <div>
            <dt>{t('dashboard.home.email')}</dt>
            <dd>
              <span className={styles.value}>{session?.email}</span>
              <span className={styles.verified}>{t('dashboard.home.verified')}</span>
            </dd>
          </div>
          <div>
            <dt>{t('dashboard.home.mobile')}</dt>
            <dd>
              <span className={styles.value}>{session?.mobile}</span>
              <span className={styles.verified}>{t('dashboard.home.verified')}</span>
            </dd>
          </div>
        </dl>
        <p className={styles.note}>{t('dashboard.home.statusNote')}</p>
      </Card>
      <Card title={t('dashboard.home.profileTitle')}>
        <p>{t('dashboard.home.profileText')}</p>
        <ul className={styles.links}>
          <li>
            <Link to="/user/profile/person">{t('dashboard.home.editProfile')}</Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
