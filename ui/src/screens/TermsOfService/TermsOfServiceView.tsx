import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { SiteConfig } from '@brnd/contracts/api/site';
import {
  CARD_MIN_PLN,
  CONTEST_PRIZE_BRND,
  REFERRAL_REWARD_BRAND_BRND,
  REFERRAL_REWARD_USER_BRND,
  REFERRAL_SALE_SHARE,
  VOTE_WINDOW_HOURS,
  VOTES_PER_WINDOW,
} from '@brnd/contracts/domain/constants';
import { PREMIUM_STAKE_BRND } from '@brnd/contracts/domain/plans';
import { Link } from '../../navigation.tsx';
import { CompanyDetails, EmailLink, useCountryName } from '../Company/site-config.tsx';
import { NumberedSections, type DocumentSection } from './LegalDocument.tsx';

type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** The registration data the terms name (docs/product.md#brands-and-verification), in that order. */
const BRAND_REGISTRATION_DATA = [
  'name',
  'registryExtract',
  'articles',
  'representative',
  'phone',
  'email',
  'bankAccount',
  'identity',
] as const;

const DEFINITIONS = ['user', 'brand', 'brandToken', 'brnd', 'businessDay'] as const;

/** The terms' sections, with the provider's identity and contact from the site configuration. */
export function TermsOfServiceView({ config }: { config: SiteConfig }) {
  const intl = useIntl();
  const countryName = useCountryName();
  const title = (section: string) => intl.formatMessage({ id: `terms.${section}.title` });
  const t = (id: string, values?: RichValues): ReactNode =>
    intl.formatMessage({ id: `terms.${id}` }, values);
  const email = <EmailLink email={config.contactEmail} />;
  const list = (prefix: string, keys: readonly string[]) => (
    <ul>
      {keys.map((key) => (
        <li key={key}>{t(`${prefix}.${key}`)}</li>
      ))}
    </ul>
  );
  /** Paragraphs `p1`…`pN` of a section, or the numbered ones given. */
  const paragraphs = (prefix: string, numbers: number | number[], values?: RichValues) =>
    (typeof numbers === 'number' ? Array.from({ length: numbers }, (_, i) => i + 1) : numbers).map(
      (number) => <p key={number}>{t(`${prefix}.p${number}`, values)}</p>,
    );

  const sections: DocumentSection[] = [
    {
      id: 'general',
      title: title('general'),
      content: (
        <>
          <p>{t('general.p1')}</p>
          <CompanyDetails company={config.operator} />
          <p>{t('general.p2', { email })}</p>
          <p>{t('general.p3')}</p>
        </>
      ),
    },
    { id: 'definitions', title: title('definitions'), content: list('definitions', DEFINITIONS) },
    { id: 'accounts', title: title('accounts'), content: paragraphs('accounts', 3) },
    {
      id: 'brands',
      title: title('brands'),
      content: (
        <>
          <p>{t('brands.p1')}</p>
          {list('brands', BRAND_REGISTRATION_DATA)}
          {paragraphs('brands', [2, 3, 4, 5])}
        </>
      ),
    },
    {
      id: 'tokens',
      title: title('tokens'),
      content: paragraphs('tokens', 3, {
        stake: PREMIUM_STAKE_BRND,
        pricing: (chunks) => <Link to="/pricing">{chunks}</Link>,
      }),
    },
    {
      id: 'sale',
      title: title('sale'),
      content: paragraphs('sale', 5, { cardMinimum: CARD_MIN_PLN }),
    },
    {
      id: 'community',
      title: title('community'),
      content: paragraphs('community', 3, {
        votes: VOTES_PER_WINDOW,
        hours: VOTE_WINDOW_HOURS,
        prize: CONTEST_PRIZE_BRND,
        userReward: REFERRAL_REWARD_USER_BRND,
        brandReward: REFERRAL_REWARD_BRAND_BRND,
        saleShare: REFERRAL_SALE_SHARE,
      }),
    },
    {
      id: 'complaints',
      title: title('complaints'),
      content: paragraphs('complaints', 2, { email }),
    },
    { id: 'liability', title: title('liability'), content: paragraphs('liability', 2) },
    {
      id: 'data',
      title: title('data'),
      content: paragraphs('data', 1, {
        privacy: (chunks) => <Link to="/privacypolicy">{chunks}</Link>,
      }),
    },
    {
      id: 'final',
      title: title('final'),
      content: paragraphs('final', 3, { country: countryName(config.operator.country) }),
    },
  ];
  return <NumberedSections sections={sections} />;
}
