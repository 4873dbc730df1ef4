import { useIntl } from 'react-intl';
import { ButtonLink } from '../../components/Button/Button.tsx';
import styles from './HomeScreen.module.css';

const FEATURES = ['tokens', 'sale', 'voting'] as const;
const AUDIENCES = ['brands', 'customers', 'buyers', 'voters'] as const;

/** The public home page: what BRND is, for whom, and the way in. */
export function HomeScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.inner}>
          <h1 id="home-title" className={styles.title}>
            {t('home.hero.title')}
          </h1>
          <p className={styles.lead}>{t('home.hero.lead')}</p>
          <ButtonLink to="/register">{t('home.applyNow')}</ButtonLink>
        </div>
      </section>

      <section id="howitworks" className={styles.section} aria-labelledby="home-features">
        <div className={styles.inner}>
          <h2 id="home-features">{t('home.features.title')}</h2>
          <ul className={styles.grid}>
            {FEATURES.map((key) => (
              <li key={key} className={styles.card}>
                <h3>{t(`home.features.${key}.title`)}</h3>
                <p>{t(`home.features.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="users" className={styles.section} aria-labelledby="home-users">
        <div className={styles.inner}>
          <h2 id="home-users">{t('home.users.title')}</h2>
          <dl className={styles.audiences}>
            {AUDIENCES.map((key) => (
              <div key={key}>
                <dt>{t(`home.users.${key}.title`)}</dt>
                <dd>{t(`home.users.${key}.text`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={styles.join} aria-labelledby="home-join">
        <div className={styles.inner}>
          <h2 id="home-join">{t('home.join.title')}</h2>
          <p>{t('home.join.text')}</p>
          <ButtonLink to="/register">{t('home.applyNow')}</ButtonLink>
        </div>
      </section>
    </div>
  );
}
