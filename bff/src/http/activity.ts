import { activity } from '@brnd/contracts/api/activity';
import type { ActivityService } from '../services/activity.ts';
import { authedRoute, type Route } from './route.ts';

export function activityRoutes({ activities }: { activities: ActivityService }): Route[] {
  return [
    authedRoute(activity, async ({ auth, query }) => ({
      activity: await activities.list(auth.user.id, query),
    })),
  ];
}
