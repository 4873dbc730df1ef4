import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { SiteConfig } from '@brnd/contracts/api/site';
import { SESSION_COOKIE_MAX_AGE_MS, type Language } from '@brnd/contracts/domain/constants';
import { REFUSED_DOCUMENTS_KEPT_DAYS } from '@brnd/contracts/domain/verification';
import { useLanguage } from '../../i18n.tsx';
import { CompanyDetails, EmailLink, useCountryName } from '../shared/site-config.tsx';
import { NumberedSections, type DocumentSection } from '../shared/LegalDocument.tsx';

/**
 * The spec's privacy texts list different data categories per language: English names brand
 * data and user data, Polish names five categories including biometric data. The locale files
 * must share their keys, so both hold all seven sentences and each language lists its own here.
 */
export const DATA_CATEGORIES: Record<Language, readonly string[]> = {
  en: ['brand', 'user'],
  po: ['name', 'address', 'email', 'phone', 'biometric'],
};

const PURPOSES = ['account', 'verification', 'sale', 'records', 'claims', 'marketing'] as const;
const COOPERATORS = ['hosting', 'messaging', 'payments', 'advisers'] as const;
const RIGHTS = [
  'access',
  'rectification',
  'erasure',
  'restriction',
  'portability',
  'objection',
  'withdrawal',
  'complaint',
] as const;

const DAY_MS = 24 * 60 * 60_000;

/** Sections 1–6 of the spec: general, means and goals, cooperators, rights, cookies, final. */
export function PrivacyPolicyView({ config }: { config: SiteConfig }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const countryName = useCountryName();
  const title = (section: string) => intl.formatMessage({ id: `privacy.${section}.title` });
  const t = (id: string, values?: Record<string, ReactNode>): ReactNode =>
    intl.formatMessage({ id: `privacy.${id}` }, values);
  const list = (prefix: string, keys: readonly string[]) => (
    <ul>
      {keys.map((key) => (
        <li key={key}>{t(`${prefix}.${key}`)}</li>
      ))}
    </ul>
  );
  const inspector = <EmailLink email={config.dataProtectionEmail} />;

  const sections: DocumentSection[] = [
    {
      id: 'general',
      title: title('general'),
      content: (
        <>
          <p>{t('general.p1')}</p>
          <p>{t('general.administrator')}</p>
          <CompanyDetails company={config.operator} />
          <p>{t('general.coAdministrator')}</p>
          <CompanyDetails company={config.coAdministrator} />
          <p>{t('general.inspector', { email: inspector })}</p>
        </>
      ),
    },
    {
      id: 'means',
      title: title('means'),
      content: (
        <>
          <p>{t('means.categoriesIntro')}</p>
          {list('means.categories', DATA_CATEGORIES[language])}
          <p>{t('means.purposesIntro')}</p>
          {list('means.purposes', PURPOSES)}
          <p>{t('means.voluntary')}</p>
          <p>{t('means.retention')}</p>
          <p>{t('means.documents', { days: REFUSED_DOCUMENTS_KEPT_DAYS })}</p>
        </>
      ),
    },
    {
      id: 'cooperators',
      title: title('cooperators'),
      content: (
        <>
          <p>{t('cooperators.intro')}</p>
          {list('cooperators', COOPERATORS)}
          <p>{t('cooperators.agreements')}</p>
          <p>{t('cooperators.blockchain')}</p>
        </>
      ),
    },
    {
      id: 'rights',
      title: title('rights'),
      content: (
        <>
          <p>{t('rights.intro')}</p>
          {list('rights', RIGHTS)}
          <p>{t('rights.requests', { email: inspector })}</p>
          <p>{t('rights.breach')}</p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: title('cookies'),
      content: (
        <>
          <p>{t('cookies.session', { days: SESSION_COOKIE_MAX_AGE_MS / DAY_MS })}</p>
          <p>{t('cookies.storage')}</p>
          <p>{t('cookies.thirdParty')}</p>
          <p>{t('cookies.control')}</p>
        </>
      ),
    },
    {
      id: 'final',
      title: title('final'),
      content: (
        <>
          <p>{t('final.p1')}</p>
          <p>{t('final.p2', { country: countryName(config.operator.country) })}</p>
        </>
      ),
    },
  ];
  return <NumberedSections sections={sections} />;
}
