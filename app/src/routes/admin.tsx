/** The operator console under /admin. */
import { createRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { requireSession } from '../guard.ts';
import { rootRoute } from './root.tsx';
import { screenRoute } from './screen-route.tsx';

const adminBuybacks = screenRoute((screens) => screens.adminBuybacksScreen);
const adminConsole = screenRoute((screens) => screens.adminConsoleScreen);
const adminContest = screenRoute((screens) => screens.adminContestScreen);
const adminNotifications = screenRoute((screens) => screens.adminNotificationsScreen);
const adminOrder = screenRoute((screens) => screens.adminOrderScreen);
const adminOrders = screenRoute((screens) => screens.adminOrdersScreen);
const adminPayouts = screenRoute((screens) => screens.adminPayoutsScreen);
const adminSale = screenRoute((screens) => screens.adminSaleScreen);
const adminVerification = screenRoute((screens) => screens.adminVerificationScreen);
const auditLog = screenRoute((screens) => screens.auditLogScreen);

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

const adminBuybacksRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'buybacks',
  ...adminBuybacks.options,
  component: adminBuybacks.Screen,
});

const adminOrdersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders',
  ...adminOrders.options,
  component: adminOrders.Screen,
});

const adminOrderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$id',
  ...adminOrder.options,
  component: function AdminOrderRoute() {
    const { id } = adminOrderRoute.useParams();
    return <adminOrder.Screen id={id} />;
  },
});

const adminNotificationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'notifications',
  ...adminNotifications.options,
  component: adminNotifications.Screen,
});

const adminPayoutsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'payouts',
  ...adminPayouts.options,
  component: adminPayouts.Screen,
});

const adminSaleRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'sale',
  ...adminSale.options,
  component: adminSale.Screen,
});

const auditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'audit-log',
  ...auditLog.options,
  component: auditLog.Screen,
});

const adminVerificationRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'verification',
  ...adminVerification.options,
  component: adminVerification.Screen,
});

const adminContestRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'contest',
  ...adminContest.options,
  component: adminContest.Screen,
});

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
