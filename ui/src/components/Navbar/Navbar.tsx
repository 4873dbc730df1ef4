import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, type NavigateOptions } from '../../navigation.tsx';
import { ButtonLink } from '../Button/Button.tsx';
import { cx } from '../class-names.ts';
import { LanguageSwitch } from '../LanguageSwitch/LanguageSwitch.tsx';
import { Logo } from '../Logo/Logo.tsx';
import { Menu } from '../Menu/Menu.tsx';
import styles from './Navbar.module.css';

export interface NavbarProps {
  /** `operator`: the menu also offers the operator console. */
  session: { email: string; operator?: boolean } | null;
  onLogout(): void;
}

interface NavLink {
  labelId: string;
  to: string;
  options?: NavigateOptions;
}

export const NAV_LINKS: readonly NavLink[] = [
  { labelId: 'nav.ico', to: '/ico' },
  { labelId: 'nav.howItWorks', to: '/', options: { hash: 'howitworks' } },
  { labelId: 'nav.voting', to: '/voting' },
  { labelId: 'nav.company', to: '/company' },
  { labelId: 'nav.faq', to: '/faq' },
  { labelId: 'nav.blog', to: '/blog' },
];

export function Navbar({ session, onLogout }: NavbarProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const menuId = useId();
  // Below 568px the links fold behind the menu button.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label={t('nav.main')}>
        <Link to="/" className={styles.logo} onClick={closeMenu}>
          <Logo />
        </Link>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          {t('nav.menu')}
        </button>
        <div id={menuId} className={cx(styles.menu, menuOpen && styles.menuOpen)}>
          <ul className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.labelId}>
                <Link
                  to={link.to}
                  options={link.options}
                  className={styles.link}
                  onClick={closeMenu}
                >
                  {t(link.labelId)}
                </Link>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <LanguageSwitch />
            {session ? (
              <>
                <span className={styles.beta}>{t('nav.beta')}</span>
                <UserMenu
                  email={session.email}
                  operator={session.operator ?? false}
                  onLogout={onLogout}
                  onNavigate={closeMenu}
                />
              </>
            ) : (
              <>
                <ButtonLink
                  to="/login"
                  variant="ghost"
                  className={styles.compactButton}
                  onClick={closeMenu}
                >
                  {t('nav.signIn')}
                </ButtonLink>
                <ButtonLink to="/register" className={styles.compactButton} onClick={closeMenu}>
                  {t('nav.signUp')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

function UserMenu({
  email,
  operator,
  onLogout,
  onNavigate,
}: {
  email: string;
  operator: boolean;
  onLogout(): void;
  onNavigate(): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Menu
      triggerClassName={styles.userButton}
      menuClassName={styles.userMenu}
      trigger={
        <>
          <span className={styles.avatar} aria-hidden="true">
            {email.charAt(0).toUpperCase()}
          </span>
          <span className="visually-hidden">{t('nav.account')}: </span>
          <span className={styles.email}>{email}</span>
          <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </>
      }
    >
      {(close) => {
        const follow = () => {
          close();
          onNavigate();
        };
        const links = [
          { to: '/user/dashboard', labelId: 'nav.dashboard' },
          { to: '/user/profile/person', labelId: 'nav.profile' },
          // Only a convenience: the console's endpoints check the role themselves.
          ...(operator ? [{ to: '/admin', labelId: 'nav.console' }] : []),
        ];
        return (
          <>
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                role="menuitem"
                tabIndex={-1}
                className={styles.userItem}
                onClick={follow}
              >
                {t(link.labelId)}
              </Link>
            ))}
            <div role="separator" className={styles.separator} />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.userItem}
              onClick={() => {
                follow();
                onLogout();
              }}
            >
              {t('nav.logOut')}
            </button>
          </>
        );
      }}
    </Menu>
  );
}
