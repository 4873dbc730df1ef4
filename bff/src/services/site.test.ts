import { expect, test } from 'vitest';
import { DEFAULT_SITE_CONFIG, parseSiteEnv } from './site.ts';

test('with no SITE_ variables the demo configuration is served', () => {
  expect(parseSiteEnv({})).toEqual({ ok: true, site: DEFAULT_SITE_CONFIG });
});

test('SITE_ variables replace the companies, addresses, job board and jobs', () => {
  const jobs = [
    {
      title: { en: 'Tester', pl: 'Tester' },
      location: { en: 'Kraków', pl: 'Kraków' },
      type: 'contract',
      applyEmail: 'qa@firma.example',
    },
  ];
  const result = parseSiteEnv({
    SITE_OPERATOR_NAME: 'Firma sp. z o.o.',
    SITE_OPERATOR_ADDRESS: 'ul. Długa 1, 31-000 Kraków',
    SITE_COADMIN_COUNTRY: 'DE',
    SITE_DPO_EMAIL: 'iod@firma.example',
    SITE_CONTACT_EMAIL: 'biuro@firma.example',
    SITE_JOB_BOARD_SCRIPT_URL: 'https://jobs.firma.example/embed.js',
    SITE_JOBS: JSON.stringify(jobs),
  });
  expect(result.ok && result.site).toMatchObject({
    operator: { name: 'Firma sp. z o.o.', address: 'ul. Długa 1, 31-000 Kraków', country: 'PL' },
    coAdministrator: { name: 'BRND Technologies OÜ', country: 'DE' },
    dataProtectionEmail: 'iod@firma.example',
    contactEmail: 'biuro@firma.example',
    jobBoardScriptUrl: 'https://jobs.firma.example/embed.js',
    jobs,
  });
});

test('bad SITE_ values are reported by variable name', () => {
  const result = parseSiteEnv({
    SITE_OPERATOR_COUNTRY: 'Poland',
    SITE_CONTACT_EMAIL: 'not an address',
    SITE_JOB_BOARD_SCRIPT_URL: 'javascript:alert(1)',
  });
  expect(result.ok).toBe(false);
  const problems = result.ok ? [] : result.problems.join('\n');
  expect(problems).toContain('SITE_OPERATOR_COUNTRY');
  expect(problems).toContain('SITE_CONTACT_EMAIL');
  expect(problems).toContain('SITE_JOB_BOARD_SCRIPT_URL');
  expect(parseSiteEnv({ SITE_JOBS: '[{' })).toEqual({
    ok: false,
    problems: ['SITE_JOBS must be a JSON array of jobs'],
  });
  expect(parseSiteEnv({ SITE_JOBS: '[{"title":"x"}]' }).ok).toBe(false);
});
