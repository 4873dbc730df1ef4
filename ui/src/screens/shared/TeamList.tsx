import { useIntl } from 'react-intl';
import { TEAM, type TeamMember } from './team.ts';
import styles from './TeamList.module.css';

const NETWORKS = ['facebook', 'twitter', 'linkedin'] as const;

/** The team's cards; the ICO page shows the same people. */
/** The team: a card each, on the company page and the sale page. */
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
