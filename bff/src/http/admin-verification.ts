import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  decideVerification,
  deleteCompany,
  downloadVerificationDocument,
  revokeVerification,
  verificationQueue,
} from '@brnd/contracts/api/admin-verification';
import type { VerificationService } from '../services/verification.ts';
import { authedRoute, type Route } from './route.ts';

/** The console's verification queue; `auth: 'admin'` makes mountRoutes refuse anyone else. */
export function adminVerificationRoutes({
  verification,
}: {
  verification: VerificationService;
}): Route[] {
  return [
    authedRoute(verificationQueue, async ({ query }) => ({
      items: await verification.queue(query.status),
    })),
    authedRoute(decideVerification, async ({ auth, params, body }) => ({
      item: await verification.decide(
        { id: auth.user.id, email: auth.user.email },
        params.kind,
        params.id,
        body,
      ),
    })),
    authedRoute(revokeVerification, async ({ auth, params, body }) => ({
      item: await verification.revoke(
        { id: auth.user.id, email: auth.user.email },
        params.kind,
        params.id,
        body.reason,
      ),
    })),
    authedRoute(deleteCompany, async ({ auth, params }) => {
      await verification.deleteCompany({ id: auth.user.id, email: auth.user.email }, params.id);
      return { message: SUCCESS };
    }),
    authedRoute(downloadVerificationDocument, async ({ auth, params }) =>
      verification.download({ id: auth.user.id, email: auth.user.email }, params.documentId),
    ),
  ];
}
