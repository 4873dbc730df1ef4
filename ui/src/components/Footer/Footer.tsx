import { useIntl } from 'react-intl';
// A file even where small assets are inlined (Storybook): <use> does not draw from a data: URL.
import socialIcons from '../../assets/footer/social-icons.svg?no-inline';
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

/**
 * The profiles' icons are symbols of one SVG file, drawn where they are used: the paths are not
 * in the first page's script (~0.5 kB gzip), which neither evaluates nor hydrates them, and the
 * browser fetches the file once, below the fold, for every page. Each icon takes the link's colour.
 */
function SocialGlyph({ icon }: { icon: SocialIcon }) {
  return (
    <svg className={styles.glyph} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <use href={`${socialIcons}#${icon}`} />
    </svg>
  );
}
