import { SiteConfigSchema, type SiteConfig } from '@brnd/contracts/api/site';
import * as v from 'valibot';
import { DEMO_SITE_CONFIG } from '@brnd/contracts/domain/demo-site';

/**
 * The site configuration (`GET /api/site`) from `SITE_…` variables. Unset variables take the
 * demo values of contracts/domain/demo-site.ts, which the mocks show too, so a fresh checkout renders
 * complete legal pages; an operator sets every one of them in production.
 */
export const DEFAULT_SITE_CONFIG: SiteConfig = DEMO_SITE_CONFIG;

const COMPANY_FIELDS = {
  NAME: 'name',
  ADDRESS: 'address',
  COUNTRY: 'country',
  REGISTRY_CODE: 'registryCode',
  VAT_CODE: 'vatCode',
} as const;

/** Every variable this file reads, for the README and for error reports. */
export const SITE_ENV_NAMES = [
  ...Object.keys(COMPANY_FIELDS).map((suffix) => `SITE_OPERATOR_${suffix}`),
  ...Object.keys(COMPANY_FIELDS).map((suffix) => `SITE_COADMIN_${suffix}`),
  'SITE_DPO_EMAIL',
  'SITE_CONTACT_EMAIL',
  'SITE_JOB_BOARD_SCRIPT_URL',
  'SITE_JOBS',
] as const;

export type SiteEnvResult = { ok: true; site: SiteConfig } | { ok: false; problems: string[] };

function company(
  source: Record<string, string | undefined>,
  prefix: string,
  fallback: SiteConfig['operator'],
) {
  const result: Record<string, string> = { ...fallback };
  for (const [suffix, field] of Object.entries(COMPANY_FIELDS)) {
    const value = source[`${prefix}_${suffix}`];
    if (value !== undefined) result[field] = value;
  }
  return result;
}

/** Maps a contract issue's path back to the variable that carried the value. */
function variableOf(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key));
  const [first, second] = keys;
  const suffixOf = (field: string | undefined) =>
    Object.entries(COMPANY_FIELDS).find(([, name]) => name === field)?.[0] ?? '';
  if (first === 'operator') return `SITE_OPERATOR_${suffixOf(second)}`;
  if (first === 'coAdministrator') return `SITE_COADMIN_${suffixOf(second)}`;
  if (first === 'dataProtectionEmail') return 'SITE_DPO_EMAIL';
  if (first === 'contactEmail') return 'SITE_CONTACT_EMAIL';
  if (first === 'jobBoardScriptUrl') return 'SITE_JOB_BOARD_SCRIPT_URL';
  return `SITE_JOBS${keys.slice(1).length > 0 ? ` [${keys.slice(1).join('.')}]` : ''}`;
}

/**
 * Reads the site configuration; empty variables must already be dropped. The contract's own
 * schema checks the result, so the bff can never serve a configuration the pages would refuse.
 */
export function parseSiteEnv(source: Record<string, string | undefined>): SiteEnvResult {
  let jobs: unknown = DEFAULT_SITE_CONFIG.jobs;
  if (source.SITE_JOBS !== undefined) {
    try {
      jobs = JSON.parse(source.SITE_JOBS);
    } catch {
      return { ok: false, problems: ['SITE_JOBS must be a JSON array of jobs'] };
    }
  }
  const candidate = {
    operator: company(source, 'SITE_OPERATOR', DEFAULT_SITE_CONFIG.operator),
    coAdministrator: company(source, 'SITE_COADMIN', DEFAULT_SITE_CONFIG.coAdministrator),
    dataProtectionEmail: source.SITE_DPO_EMAIL ?? DEFAULT_SITE_CONFIG.dataProtectionEmail,
    contactEmail: source.SITE_CONTACT_EMAIL ?? DEFAULT_SITE_CONFIG.contactEmail,
    ...(source.SITE_JOB_BOARD_SCRIPT_URL
      ? { jobBoardScriptUrl: source.SITE_JOB_BOARD_SCRIPT_URL }
      : {}),
    jobs,
  };
  const parsed = v.safeParse(SiteConfigSchema, candidate);
  if (parsed.success) return { ok: true, site: parsed.output };
  return {
    ok: false,
    problems: parsed.issues.map((issue) => `${variableOf(issue)} ${issue.message}`),
  };
}
