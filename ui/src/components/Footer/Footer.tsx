import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../navigation.tsx';
import { Logo } from '../Logo/Logo.tsx';
import styles from './Footer.module.css';

const FOOTER_LINKS = [
  { labelId: 'nav.ico', to: '/ico' },
  { labelId: 'nav.voting', to: '/voting' },
  { labelId: 'footer.pricing', to: '/pricing' },
  // The public proof of the buyback the sale pages promise.
  { labelId: 'footer.burns', to: '/burns' },
  { labelId: 'nav.company', to: '/company' },
  { labelId: 'footer.contact', to: '/contact' },
  { labelId: 'nav.faq', to: '/faq' },
  { labelId: 'nav.blog', to: '/blog' },
  { labelId: 'footer.terms', to: '/terms-of-service' },
  { labelId: 'footer.privacy', to: '/privacypolicy' },
] as const;

/** BRND's own profiles; one list so a changed handle is one edit. */
export const SOCIAL_LINKS = [
  { labelId: 'footer.facebook', href: 'https://www.facebook.com/brndplatform', icon: 'facebook' },
  { labelId: 'footer.twitter', href: 'https://x.com/brndplatform', icon: 'x' },
  {
    labelId: 'footer.linkedin',
    href: 'https://www.linkedin.com/company/brndplatform',
    icon: 'linkedin',
  },
  { labelId: 'footer.telegram', href: 'https://t.me/brndplatform', icon: 'telegram' },
  { labelId: 'footer.medium', href: 'https://medium.com/@brndplatform', icon: 'medium' },
] as const;

type SocialIcon = (typeof SOCIAL_LINKS)[number]['icon'];

export function Footer() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" className={styles.logo}>
            <Logo />
          </Link>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {t(link.labelId)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className={styles.social} aria-label={t('footer.social')}>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.icon}>
              <a href={link.href} className={styles.socialLink} rel="noopener noreferrer">
                <span className="visually-hidden">{t(link.labelId)}</span>
                <SocialGlyph icon={link.icon} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      {/* Pages are prerendered at build time: a new year arrives as the page hydrates. */}
      <p className={styles.copyright} suppressHydrationWarning>
        {/* A string, so ICU does not print the year as "2,025". */}
        {intl.formatMessage({ id: 'footer.copyright' }, { year: String(new Date().getFullYear()) })}
      </p>
    </footer>
  );
}

const GLYPHS: Record<SocialIcon, ReactNode> = {
  facebook: (
    <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4A20 20 0 0 0 14.3 4c-2.2 0-3.8 1.4-3.8 3.9v2.6H8v3h2.5V21h3Z" />
  ),
  x: (
    <path d="M17.2 3.5h2.9l-6.3 7.2 7.4 9.8h-5.8l-4.5-5.9-5.2 5.9H2.8l6.8-7.7L2.5 3.5h5.9l4.1 5.4 4.7-5.4Zm-1 15.3h1.6L7.9 5.1H6.2l10 13.7Z" />
  ),
  linkedin: (
    <path d="M6.9 8.7H3.8V20h3.1V8.7ZM5.3 3.5a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6ZM20.2 13.4c0-3-1.6-4.9-4.2-4.9-1.5 0-2.5.8-2.9 1.6V8.7H10V20h3.1v-5.9c0-1.5.6-2.6 2-2.6s1.9 1 1.9 2.6V20h3.2v-6.6Z" />
  ),
  telegram: (
    <path d="M20.7 4.3 3.4 11c-1.2.5-1.2 1.2-.2 1.5l4.4 1.4 1.7 5.2c.2.6.4.8.9.8.4 0 .6-.2.8-.4l2.1-2 4.4 3.2c.8.5 1.4.2 1.6-.8l2.9-13.6c.3-1.2-.5-1.7-1.3-1.4Zm-3 3.2-7.6 6.9-.3 3.2-1.4-4.4 8.8-5.6c.4-.3.8-.1.5-.1Z" />
  ),
  medium: (
    <path d="M13.5 12a6 6 0 1 1-12 0 6 6 0 0 1 12 0Zm6.6 0c0 3.1-1.3 5.6-3 5.6s-3-2.5-3-5.6 1.3-5.6 3-5.6 3 2.5 3 5.6Zm2.4 0c0 2.8-.5 5-1 5s-1-2.2-1-5 .5-5 1-5 1 2.2 1 5Z" />
  ),
};

function SocialGlyph({ icon }: { icon: SocialIcon }) {
  return (
    <svg className={styles.glyph} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {GLYPHS[icon]}
    </svg>
  );
}
