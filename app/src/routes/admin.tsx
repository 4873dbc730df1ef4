/** The operator console under /admin. */
import { createRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { requireSession } from '../guard.ts';
import { rootRoute } from './root.tsx';
import { pageRoute, screenRoute } from './screen-route.tsx';

const adminConsole = screenRoute((screens) => screens.adminConsoleScreen);
const adminOrder = screenRoute((screens) => screens.adminOrderScreen);

// The operator console: a session is needed to ask; the server decides who is an operator.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  ...adminConsole.options,
  beforeLoad: ({ context, location }) => {
    requireSession({ session: context.session.getSession(), location });
  },
  component: function AdminArea() {
    const pathname = useRouterState({ select: (state) => state.location.pathname });
    return (
      <adminConsole.Screen pathname={pathname}>
        <Outlet />
      </adminConsole.Screen>
    );
  },
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    // The queue is the console's daily work: it opens there.
    throw redirect({ to: '/admin/verification', replace: true });
  },
});

const adminBuybacksRoute = pageRoute(
  () => adminRoute,
  'buybacks',
  (screens) => screens.adminBuybacksScreen,
);

const adminOrdersRoute = pageRoute(
  () => adminRoute,
  'orders',
  (screens) => screens.adminOrdersScreen,
);

const adminOrderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$id',
  ...adminOrder.options,
  component: function AdminOrderRoute() {
    const { id } = adminOrderRoute.useParams();
    return <adminOrder.Screen id={id} />;
  },
});

const adminNotificationsRoute = pageRoute(
  () => adminRoute,
  'notifications',
  (screens) => screens.adminNotificationsScreen,
);

const adminPayoutsRoute = pageRoute(
  () => adminRoute,
  'payouts',
  (screens) => screens.adminPayoutsScreen,
);

const adminSaleRoute = pageRoute(
  () => adminRoute,
  'sale',
  (screens) => screens.adminSaleScreen,
);

const auditLogRoute = pageRoute(
  () => adminRoute,
  'audit-log',
  (screens) => screens.auditLogScreen,
);

const adminVerificationRoute = pageRoute(
  () => adminRoute,
  'verification',
  (screens) => screens.adminVerificationScreen,
);

const adminContestRoute = pageRoute(
  () => adminRoute,
  'contest',
  (screens) => screens.adminContestScreen,
);

export const adminRoutes = adminRoute.addChildren([
  adminIndexRoute,
  adminVerificationRoute,
  adminContestRoute,
  adminBuybacksRoute,
  auditLogRoute,
  adminOrdersRoute,
  adminOrderRoute,
  adminNotificationsRoute,
  adminPayoutsRoute,
  adminSaleRoute,
]);
