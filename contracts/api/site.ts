import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';

/**
 * The site configuration behind the legal and company pages: who runs the platform, how to reach
 * them, and which jobs are open. The bff serves it from its environment, so company names,
 * addresses and registry codes are never written into the interface.
 */

const Text = v.pipe(v.string(), v.trim(), v.nonEmpty());

/** Text an operator writes once per interface language. */
export const LocalizedTextSchema = v.object({ en: Text, pl: Text });
export type LocalizedText = v.InferOutput<typeof LocalizedTextSchema>;

export const CompanySchema = v.object({
  name: Text,
  /** Street, postal code and city, as written on official documents. */
  address: Text,
  /** ISO 3166-1 alpha-2; the page names the country in the reader's language. */
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  /** The commercial register's number: KRS in Poland, registrikood in Estonia. */
  registryCode: Text,
  vatCode: Text,
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const;
export type JobType = (typeof JOB_TYPES)[number];

const HttpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//));
const Email = v.pipe(v.string(), v.email());

export const JobSchema = v.pipe(
  v.object({
    title: LocalizedTextSchema,
    location: LocalizedTextSchema,
    type: v.picklist(JOB_TYPES),
    applyUrl: v.optional(HttpUrl),
    applyEmail: v.optional(Email),
  }),
  v.check(
    (job) => job.applyUrl !== undefined || job.applyEmail !== undefined,
    'A job needs an apply URL or an apply e-mail',
  ),
);
export type Job = v.InferOutput<typeof JobSchema>;

export const SiteConfigSchema = v.object({
  /** The administrator of personal data and the provider named in the terms. */
  operator: CompanySchema,
  /** The joint controller of personal data. */
  coAdministrator: CompanySchema,
  /** The data-protection inspector's address for privacy requests. */
  dataProtectionEmail: Email,
  contactEmail: Email,
  /** A third-party job board's embed script; without one the page lists `jobs`. */
  jobBoardScriptUrl: v.optional(HttpUrl),
  /** Open positions, also the fallback when the job board cannot load. */
  jobs: v.array(JobSchema),
});
export type SiteConfig = v.InferOutput<typeof SiteConfigSchema>;

export const site = defineEndpoint({
  id: 'site',
  method: 'GET',
  path: '/api/site',
  response: SiteConfigSchema,
  errors: {},
});

export const siteEndpoints = { site } as const;
