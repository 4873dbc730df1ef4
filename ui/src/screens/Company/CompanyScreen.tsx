import { useIntl } from 'react-intl';
import type { SiteConfig } from '@brnd/contracts/api/site';
import { ButtonLink } from '../../components/Button/Button.tsx';
import { JobBoard } from './JobBoard.tsx';
import { EmailLink, SiteConfigGate, useCountryName } from './site-config.tsx';
import { TEAM, type TeamMember } from './team.ts';
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

const NETWORKS = ['facebook', 'twitter', 'linkedin'] as const;

/** The team's cards; the ICO page shows the same people. */
export function TeamList() {
  return (
    <ul className={styles.team}>
      {TEAM.map((member) => (
        <TeamCard key={member.name} member={member} />
      ))}
    </ul>
  );
}

function TeamCard({ member }: { member: TeamMember }) {
  const intl = useIntl();
  return (
    <li className={styles.member}>
      {/* The name is right below: the portrait adds nothing a screen reader should repeat. */}
      <img
        src={member.photo}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
        className={styles.photo}
      />
      <h3 className={styles.name}>{member.name}</h3>
      <p className={styles.role}>
        {intl.formatMessage({ id: `company.team.roles.${member.role}` })}
      </p>
      <ul className={styles.social}>
        {NETWORKS.map((network) => (
          <li key={network}>
            <a
              href={member[network]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={intl.formatMessage(
                { id: `company.team.${network}` },
                { name: member.name },
              )}
            >
              <SocialIcon network={network} />
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

function SocialIcon({ network }: { network: (typeof NETWORKS)[number] }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {network === 'facebook' && (
        <path
          fill="currentColor"
          d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z"
        />
      )}
      {network === 'twitter' && (
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          d="M4.5 4h4l11 16h-4zM19 4l-6.3 7.2M5 20l6.3-7.2"
        />
      )}
      {network === 'linkedin' && (
        <path
          fill="currentColor"
          d="M5 9h3v11H5zM6.5 4a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10 9h2.9v1.5c.5-.9 1.7-1.8 3.4-1.8 3 0 3.7 2 3.7 4.6V20h-3v-5.9c0-1.4-.1-2.6-1.7-2.6s-2.3 1.2-2.3 2.6V20h-3z"
        />
      )}
    </svg>
  );
}
