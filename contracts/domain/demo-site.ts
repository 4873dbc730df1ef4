import type { SiteConfig } from '../api/site.ts';

/**
 * Demo site configuration: fictitious companies in the formats of their registers (a Polish
 * sp. z o.o. with KRS and NIP, an Estonian OÜ with an 8-digit registrikood and an EE VAT number),
 * and `.example` addresses, which can never reach a real mailbox. The bff serves it when no
 * `SITE_…` variable is set; the mocks serve it too.
 */
export const DEMO_SITE_CONFIG: SiteConfig = {
  operator: {
    name: 'BRND sp. z o.o.',
    address: 'ul. Prosta 20, 00-850 Warszawa',
    country: 'PL',
    registryCode: 'KRS 0000812345',
    vatCode: 'PL5272912344',
  },
  coAdministrator: {
    name: 'BRND Technologies OÜ',
    address: 'Narva mnt 5, 10117 Tallinn',
    country: 'EE',
    registryCode: '16012345',
    vatCode: 'EE102345678',
  },
  dataProtectionEmail: 'dpo@brnd.example',
  contactEmail: 'hello@brnd.example',
  jobs: [
    {
      title: { en: 'Senior Solidity Engineer', pl: 'Starszy inżynier Solidity' },
      location: { en: 'Warsaw or remote', pl: 'Warszawa lub zdalnie' },
      type: 'full-time',
      applyEmail: 'jobs@brnd.example',
    },
    {
      title: { en: 'Front-end Developer (React)', pl: 'Programista front-end (React)' },
      location: { en: 'Warsaw', pl: 'Warszawa' },
      type: 'full-time',
      applyUrl: 'https://jobs.brnd.example/front-end-developer',
    },
    {
      title: { en: 'Brand Partnerships Manager', pl: 'Menedżer ds. partnerstw z markami' },
      location: { en: 'Tallinn', pl: 'Tallinn' },
      type: 'full-time',
      applyUrl: 'https://jobs.brnd.example/brand-partnerships-manager',
    },
    {
      title: {
        en: 'Community Manager (Polish and English)',
        pl: 'Community manager (polski i angielski)',
      },
      location: { en: 'Remote', pl: 'Zdalnie' },
      type: 'part-time',
      applyEmail: 'jobs@brnd.example',
    },
    {
      title: { en: 'KYC and AML Specialist', pl: 'Specjalista ds. KYC i AML' },
      location: { en: 'Warsaw', pl: 'Warszawa' },
      type: 'contract',
      applyEmail: 'jobs@brnd.example',
    },
    {
      title: { en: 'Marketing Intern', pl: 'Stażysta ds. marketingu' },
      location: { en: 'Warsaw', pl: 'Warszawa' },
      type: 'internship',
      applyUrl: 'https://jobs.brnd.example/marketing-intern',
    },
  ],
};
