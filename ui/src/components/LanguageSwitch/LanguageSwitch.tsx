import { useIntl } from 'react-intl';
import { INTL_LOCALE, LANGUAGES, type Language } from '@brnd/contracts/domain/constants';
import { useLanguage } from '../../i18n.tsx';
import { Menu } from '../Menu/Menu.tsx';
import { Flag } from './Flag.tsx';
import styles from './LanguageSwitch.module.css';

const SHORT_NAME: Record<Language, string> = { en: 'EN', po: 'PL' };

export function LanguageSwitch() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  return (
    <Menu
      triggerClassName={styles.trigger}
      menuClassName={styles.menu}
      trigger={
        <>
          <Flag language={language} className={styles.flag} />
          <span className="visually-hidden">{intl.formatMessage({ id: 'language.label' })}: </span>
          <span>{SHORT_NAME[language]}</span>
          <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </>
      }
    >
      {(close) =>
        LANGUAGES.map((option) => (
          <button
            key={option}
            type="button"
            role="menuitemradio"
            aria-checked={option === language}
            tabIndex={-1}
            lang={INTL_LOCALE[option]}
            className={styles.item}
            onClick={() => {
              close();
              setLanguage(option);
            }}
          >
            <Flag language={option} className={styles.flag} />
            {intl.formatMessage({ id: `language.${option}` })}
            {option === language && (
              <span className={styles.check}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="m5 12.5 4.5 4.5L19 7.5" />
                </svg>
              </span>
            )}
          </button>
        ))
      }
    </Menu>
  );
}
