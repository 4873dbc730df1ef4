import { useIntl } from 'react-intl';
import styles from './AccountBenefits.module.css';

const USER_BENEFITS = ['collect', 'vote', 'refer', 'buy'] as const;
const BRAND_BENEFITS = ['issue', 'contest', 'stake', 'verify'] as const;

/** The side panel of the sign-in and sign-up pages: what an account gives users and brands. */
export function AccountBenefits() {
  const intl = useIntl();
  return (
    <div className={styles.benefits}>
      <section aria-labelledby="benefits-users">
        <h2 id="benefits-users" className={styles.heading}>
          {intl.formatMessage({ id: 'accounts.benefits.usersTitle' })}
        </h2>
        <ul className={styles.list}>
          {USER_BENEFITS.map((key) => (
            <li key={key}>{intl.formatMessage({ id: `accounts.benefits.users.${key}` })}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="benefits-brands">
        <h2 id="benefits-brands" className={styles.heading}>
          {intl.formatMessage({ id: 'accounts.benefits.brandsTitle' })}
        </h2>
        <ul className={styles.list}>
          {BRAND_BENEFITS.map((key) => (
            <li key={key}>{intl.formatMessage({ id: `accounts.benefits.brands.${key}` })}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
