import { useIntl } from 'react-intl';
import type { SiteConfig } from '@brnd/contracts/api/site';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { JobBoard } from './JobBoard.tsx';
import { EmailLink, SiteConfigGate, useCountryName } from '../shared/site-config.tsx';
import { TeamList } from '../shared/TeamList.tsx';
import styles from './CompanyScreen.module.css';

/**
 * /company: vision, team, then the office and jobs, which come from the site configuration and
 * share its loading and error states, and a way on to the FAQ.
 */
export function CompanyScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('company.title')}</h1>
        <p className={styles.lead}>{t('company.lead')}</p>
      </header>

      <section className={styles.section} aria-labelledby="company-vision">
        <h2 id="company-vision">{t('company.vision.title')}</h2>
        <p>{t('company.vision.p1')}</p>
        <p>{t('company.vision.p2')}</p>
      </section>

      <section className={styles.section} aria-labelledby="company-team">
        <h2 id="company-team">{t('company.team.title')}</h2>
        <TeamList />
      </section>

      <SiteConfigGate>{(config) => <OfficeAndJobs config={config} />}</SiteConfigGate>

      <section className={styles.faq} aria-labelledby="company-faq">
        <h2 id="company-faq">{t('company.faq.title')}</h2>
        <p>{t('company.faq.text')}</p>
        <ButtonLink to="/faq" variant="secondary">
          {t('company.faq.link')}
        </ButtonLink>
      </section>
    </div>
  );
}

function OfficeAndJobs({ config }: { config: SiteConfig }) {
  const intl = useIntl();
  const countryName = useCountryName();
  const { operator, contactEmail } = config;
  return (
    <>
      <section className={styles.section} aria-labelledby="company-office">
        <h2 id="company-office">{intl.formatMessage({ id: 'company.office.title' })}</h2>
        <address className={styles.office}>
          <strong>{operator.name}</strong>
          <br />
          {operator.address}
          <br />
          {countryName(operator.country)}
        </address>
        <p>
          {intl.formatMessage(
            { id: 'company.office.text' },
            { email: <EmailLink email={contactEmail} /> },
          )}
        </p>
      </section>

      <section className={styles.section} aria-labelledby="company-jobs">
        <h2 id="company-jobs">{intl.formatMessage({ id: 'company.jobs.title' })}</h2>
        <p>{intl.formatMessage({ id: 'company.jobs.lead' })}</p>
        <JobBoard
          // A different script is a different board: start over rather than reuse a settled one.
          key={config.jobBoardScriptUrl ?? 'list'}
          scriptUrl={config.jobBoardScriptUrl}
          jobs={config.jobs}
          contactEmail={contactEmail}
        />
      </section>
    </>
  );
}
