import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Job } from '@brnd/contracts/api/site';
import { Button } from '../../components/Button/Button.tsx';
import { Spinner } from '../../components/Spinner/Spinner.tsx';
import { useLanguage } from '../../i18n.tsx';
import { EmailLink } from '../shared/site-config.tsx';
import styles from './CompanyScreen.module.css';

/** A job board that has drawn nothing by then is treated as down: the visitor gets the list. */
export const JOB_BOARD_TIMEOUT_MS = 5_000;
/** The element the third-party embed script renders into. */
export const JOB_BOARD_CONTAINER_ID = 'job-board';
export const JOBS_SHOWN_FIRST = 3;

type EmbedState = 'loading' | 'ready' | 'failed';

export interface JobBoardProps {
  /** The configured embed script; without one the page lists `jobs`. */
  scriptUrl?: string;
  jobs: readonly Job[];
  contactEmail: string;
  timeoutMs?: number;
}

/**
 * The third-party job board when one is configured and it draws something in time; otherwise,
 * or when its script fails, the readable list from the site configuration.
 */
export function JobBoard({
  scriptUrl,
  jobs,
  contactEmail,
  timeoutMs = JOB_BOARD_TIMEOUT_MS,
}: JobBoardProps) {
  const intl = useIntl();
  const [embed, setEmbed] = useState<EmbedState>('loading');
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = container.current;
    if (!scriptUrl || !target) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    // The script sits inside the container, so only other children count as a drawn board.
    const drawn = () => Array.from(target.children).some((child) => child !== script);
    let settled = false;
    const settle = (state: EmbedState) => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
      setEmbed(state);
    };
    const observer = new MutationObserver(() => {
      if (drawn()) settle('ready');
    });
    observer.observe(target, { childList: true, subtree: true });
    const timer = setTimeout(() => settle(drawn() ? 'ready' : 'failed'), timeoutMs);
    script.addEventListener('error', () => settle('failed'));
    target.append(script);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      script.remove();
    };
  }, [scriptUrl, timeoutMs]);

  if (!scriptUrl || embed === 'failed') {
    return <JobList jobs={jobs} contactEmail={contactEmail} />;
  }
  return (
    <div className={styles.embed}>
      {/* React renders nothing inside: the third-party script owns this element. */}
      <div ref={container} id={JOB_BOARD_CONTAINER_ID} aria-busy={embed === 'loading'} />
      {embed === 'loading' && (
        <Spinner label={intl.formatMessage({ id: 'company.jobs.loading' })} />
      )}
    </div>
  );
}

/** Three jobs, then all of them behind SEE ALL JOBS. */
export function JobList({ jobs, contactEmail }: { jobs: readonly Job[]; contactEmail: string }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const text = (localized: Job['title']) => (language === 'po' ? localized.pl : localized.en);

  if (jobs.length === 0) {
    return (
      <p>
        {intl.formatMessage(
          { id: 'company.jobs.empty' },
          { email: <EmailLink email={contactEmail} /> },
        )}
      </p>
    );
  }
  const shown = expanded ? jobs : jobs.slice(0, JOBS_SHOWN_FIRST);
  return (
    <>
      <ul id={listId} className={styles.jobs}>
        {shown.map((job) => {
          const title = text(job.title);
          return (
            <li key={`${job.title.en}|${job.location.en}`} className={styles.job}>
              <div>
                <h3>{title}</h3>
                <p className={styles.jobMeta}>
                  {text(job.location)} ·{' '}
                  {intl.formatMessage({ id: `company.jobs.types.${job.type}` })}
                </p>
              </div>
              <a
                className={styles.apply}
                href={applyHref(
                  job,
                  intl.formatMessage({ id: 'company.jobs.emailSubject' }, { title }),
                )}
                aria-label={intl.formatMessage({ id: 'company.jobs.applyFor' }, { title })}
                {...(job.applyUrl ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {intl.formatMessage({ id: 'company.jobs.apply' })}
              </a>
            </li>
          );
        })}
      </ul>
      {jobs.length > JOBS_SHOWN_FIRST && (
        <Button
          variant="secondary"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {intl.formatMessage({ id: expanded ? 'company.jobs.seeFewer' : 'company.jobs.seeAll' })}
        </Button>
      )}
    </>
  );
}

function applyHref(job: Job, subject: string): string {
  if (job.applyUrl) return job.applyUrl;
  return `mailto:${job.applyEmail ?? ''}?subject=${encodeURIComponent(subject)}`;
}
