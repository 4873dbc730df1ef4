import { defineScreen } from '../screen-manifest.ts';

/** AuditLog's route: see ../screen-manifest.ts. */
export const auditLogScreen = defineScreen({
  title: 'auditLog',
  namespaces: ['admin'],
  load: () => import('./AuditLogScreen.tsx').then((module) => module.AuditLogScreen),
});
