import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  archiveReferral,
  createReferral,
  deleteReferral,
  editReferral,
  referrals,
  visitReferral,
} from '@brnd/contracts/api/referrals';
import type { ReferralService } from '../services/referrals.ts';
import { authedRoute, route, type Route } from './route.ts';

export function referralRoutes({ referrals: service }: { referrals: ReferralService }): Route[] {
  return [
    route(visitReferral, async ({ body, ctx }) => {
      await service.visit(body.referral_code, { ip: ctx.ip, userAgent: ctx.get('user-agent') });
      return { message: SUCCESS };
    }),
    authedRoute(referrals, async ({ auth }) => ({
      orders: { rows: await service.list(auth.user.id) },
    })),
    authedRoute(editReferral, async ({ auth, body }) => {
      await service.edit(auth.user.id, body.code, body.description);
      return { message: SUCCESS };
    }),
    authedRoute(createReferral, async ({ auth, body }) => ({
      message: SUCCESS,
      referral: await service.create(auth.user.id, body),
    })),
    authedRoute(archiveReferral, async ({ auth, body }) => {
      await service.archive(auth.user.id, body.code);
      return { message: SUCCESS };
    }),
    authedRoute(deleteReferral, async ({ auth, body }) => {
      await service.remove(auth.user.id, body.code);
      return { message: SUCCESS };
    }),
  ];
}
