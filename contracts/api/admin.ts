import { PageOffsetSchema } from '../domain/rules.ts';
import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { inputErrors, operatorReadErrors } from './error-catalogue.ts';

/**
 * The operator console's API. Every endpoint here has `auth: 'admin'`: 401 without a session,
 * 403 for a user who is not an operator (a test walks the route table to prove it).
 */

/** Who is at the console; the app's /admin guard asks this before showing anything. */
export const adminSession = defineEndpoint({
  id: 'adminSession',
  method: 'GET',
  path: '/api/admin/session',
  auth: 'admin',
  response: v.object({ name: v.string(), email: v.string() }),
  errors: { ...operatorReadErrors },
});

export const AuditEntrySchema = v.object({
  id: v.string(),
  /** ISO 8601. */
  created_at: v.string(),
  actor_email: v.string(),
  /** What was done, e.g. `brand.approve`, `order.resolve`, `sale.update`. */
  action: v.string(),
  /** What it was done to (a brand id, an order uuid…). */
  subject: v.string(),
  details: v.record(v.string(), v.unknown()),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

const optionalFilter = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)));
const pageOffset = v.optional(PageOffsetSchema);

/** Newest first, AUDIT_LOG_PAGE_SIZE a page; `action` matches a prefix (`brand.` finds all). */
export const auditLog = defineEndpoint({
  id: 'auditLog',
  method: 'GET',
  path: '/api/admin/audit-log',
  auth: 'admin',
  query: v.object({ action: optionalFilter, actor: optionalFilter, offset: pageOffset }),
  response: v.object({ entries: v.array(AuditEntrySchema), count: v.number() }),
  errors: { ...operatorReadErrors, ...inputErrors },
});

export const adminEndpoints = { adminSession, auditLog } as const;
