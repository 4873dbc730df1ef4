import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useIntl } from 'react-intl';
import { INTL_LOCALE, LANGUAGES, type Language } from '@brnd/contracts/domain/constants';
import { useLanguage } from '../../i18n.tsx';
import { Flag } from './Flag.tsx';
import styles from './LanguageSwitch.module.css';

const SHORT_NAME: Record<Language, string> = { en: 'EN', po: 'PL' };

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function LanguageSwitch() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={styles.trigger}>
        <Flag language={language} className={styles.flag} />
        <span className="visually-hidden">{intl.formatMessage({ id: 'language.label' })}: </span>
        <span>{SHORT_NAME[language]}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(value) => {
              if (isLanguage(value)) setLanguage(value);
            }}
          >
            {LANGUAGES.map((option) => (
              <DropdownMenu.RadioItem
                key={option}
                value={option}
                lang={INTL_LOCALE[option]}
                className={styles.item}
              >
                <Flag language={option} className={styles.flag} />
                {intl.formatMessage({ id: `language.${option}` })}
                <DropdownMenu.ItemIndicator className={styles.check}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="m5 12.5 4.5 4.5L19 7.5" />
                  </svg>
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
