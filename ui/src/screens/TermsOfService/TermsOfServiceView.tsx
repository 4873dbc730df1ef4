import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { SiteConfig } from '@brnd/contracts/api/site';
import { Link } from '../../navigation.tsx';
import { CompanyDetails, EmailLink, useCountryName } from '../shared/site-config.tsx';
import { NumberedSections, type DocumentSection } from '../shared/LegalDocument.tsx';

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

const DEFINITIONS = ['user', 'consumer', 'brand', 'brandToken', 'brnd', 'businessDay'] as const;

/**
 * The sections in their order, each as its paragraphs `p1`…`pN` (`terms.<id>.pN`). The rules'
 * figures reach the messages by name (contracts/domain/copy-figures.ts), so nothing is passed
 * here but the provider's details and the links.
 */
const PARAGRAPHS = {
  services: 4,
  accounts: 4,
  tokens: 3,
  sale: 7,
  community: 3,
  complaints: 4,
  liability: 2,
  data: 1,
  final: 3,
} as const;

/** The terms' sections, with the provider's identity and contact from the site configuration. */
export function TermsOfServiceView({ config }: { config: SiteConfig }) {
  const intl = useIntl();
  const countryName = useCountryName();
  const values: RichValues = {
    email: <EmailLink email={config.contactEmail} />,
    country: countryName(config.operator.country),
    pricing: (chunks) => <Link to="/pricing">{chunks}</Link>,
    privacy: (chunks) => <Link to="/privacypolicy">{chunks}</Link>,
  };
  const t = (id: string): ReactNode => intl.formatMessage({ id: `terms.${id}` }, values);
  const list = (prefix: string, keys: readonly string[]) => (
    <ul>
      {keys.map((key) => (
        <li key={key}>{t(`${prefix}.${key}`)}</li>
      ))}
    </ul>
  );
  const paragraphs = (prefix: string, numbers: readonly number[]) =>
    numbers.map((number) => <p key={number}>{t(`${prefix}.p${number}`)}</p>);
  const upTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  const section = (id: string, content: ReactNode): DocumentSection => ({
    id,
    title: intl.formatMessage({ id: `terms.${id}.title` }),
    content,
  });

  const sections: DocumentSection[] = [
    section(
      'general',
      <>
        <p>{t('general.p1')}</p>
        <CompanyDetails company={config.operator} />
        {paragraphs('general', [2, 3])}
      </>,
    ),
    section('definitions', list('definitions', DEFINITIONS)),
    section('services', paragraphs('services', upTo(PARAGRAPHS.services))),
    section('accounts', paragraphs('accounts', upTo(PARAGRAPHS.accounts))),
    section(
      'brands',
      <>
        <p>{t('brands.p1')}</p>
        {list('brands', BRAND_REGISTRATION_DATA)}
        {paragraphs('brands', [2, 3, 4, 5])}
      </>,
    ),
    ...(['tokens', 'sale', 'community', 'complaints', 'liability', 'data', 'final'] as const).map(
      (id) => section(id, paragraphs(id, upTo(PARAGRAPHS[id]))),
    ),
  ];
  return <NumberedSections sections={sections} />;
}
