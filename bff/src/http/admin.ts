import { adminSession, auditLog } from '@brnd/contracts/api/admin';
import type { AuditLog } from '../services/audit-log.ts';
import { authedRoute, type Route } from './route.ts';

/** The operator console. `auth: 'admin'` on each endpoint makes mountRoutes refuse anyone else. */
export function adminRoutes({ audit }: { audit: AuditLog }): Route[] {
  return [
    authedRoute(adminSession, async ({ auth }) => ({
      name: auth.user.name,
      email: auth.user.email,
    })),
    authedRoute(auditLog, ({ query }) => audit.list(query)),
  ];
}
