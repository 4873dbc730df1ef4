/** The operator console under /admin. */
import { createRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { withMessages } from '@brnd/ui/i18n';
import { requireSession } from '../guard.ts';
import { lazyScreen, rootRoute } from './root.tsx';

const AdminConsole = lazyScreen(
  withMessages(['admin', 'finance'], () =>
    import('@brnd/ui/screens/AdminConsole/AdminConsole').then((module) => module.AdminConsole),
  ),
);

const AdminBuybacksScreen = lazyScreen(
  withMessages(['admin'], () =>
    import('@brnd/ui/screens/AdminBuybacks/AdminBuybacksScreen').then(
      (module) => module.AdminBuybacksScreen,
    ),
  ),
);

const AdminOrdersScreen = lazyScreen(
  withMessages(['finance'], () =>
    import('@brnd/ui/screens/AdminOrders/AdminOrdersScreen').then(
      (module) => module.AdminOrdersScreen,
    ),
  ),
);

const AdminOrderScreen = lazyScreen(
  withMessages(['finance', 'orders'], () =>
    import('@brnd/ui/screens/AdminOrders/AdminOrderScreen').then(
      (module) => module.AdminOrderScreen,
    ),
  ),
);

const AdminNotificationsScreen = lazyScreen(
  withMessages(['finance', 'orders'], () =>
    import('@brnd/ui/screens/AdminNotifications/AdminNotificationsScreen').then(
      (module) => module.AdminNotificationsScreen,
    ),
  ),
);

const AdminPayoutsScreen = lazyScreen(
  withMessages(['finance'], () =>
    import('@brnd/ui/screens/AdminPayouts/AdminPayoutsScreen').then(
      (module) => module.AdminPayoutsScreen,
    ),
  ),
);

const AdminSaleScreen = lazyScreen(
  withMessages(['finance', 'sale'], () =>
    import('@brnd/ui/screens/AdminSale/AdminSaleScreen').then((module) => module.AdminSaleScreen),
  ),
);

const AuditLogScreen = lazyScreen(
  withMessages(['admin'], () =>
    import('@brnd/ui/screens/AuditLog/AuditLogScreen').then((module) => module.AuditLogScreen),
  ),
);

const AdminVerificationScreen = lazyScreen(
  withMessages(['adminVerification'], () =>
    import('@brnd/ui/screens/AdminVerification/AdminVerificationScreen').then(
      (module) => module.AdminVerificationScreen,
    ),
  ),
);

const AdminContestScreen = lazyScreen(
  withMessages(['adminContest'], () =>
    import('@brnd/ui/screens/AdminContest/AdminContestScreen').then(
      (module) => module.AdminContestScreen,
    ),
  ),
);

// The operator console: a session is needed to ask; the server decides who is an operator.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  staticData: { title: 'admin' },
  beforeLoad: ({ context, location }) => {
    requireSession({ session: context.session.getSession(), location });
  },
  component: function AdminArea() {
    const pathname = useRouterState({ select: (state) => state.location.pathname });
    return (
      <AdminConsole pathname={pathname}>
        <Outlet />
      </AdminConsole>
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
  staticData: { title: 'buybacks' },
  component: AdminBuybacksScreen,
});

const adminOrdersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders',
  staticData: { title: 'adminOrders' },
  component: AdminOrdersScreen,
});

const adminOrderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$id',
  staticData: { title: 'adminOrder' },
  component: function AdminOrderRoute() {
    const { id } = adminOrderRoute.useParams();
    return <AdminOrderScreen id={id} />;
  },
});

const adminNotificationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'notifications',
  staticData: { title: 'adminNotifications' },
  component: AdminNotificationsScreen,
});

const adminPayoutsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'payouts',
  staticData: { title: 'adminPayouts' },
  component: AdminPayoutsScreen,
});

const adminSaleRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'sale',
  staticData: { title: 'adminSale' },
  component: AdminSaleScreen,
});

const auditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'audit-log',
  staticData: { title: 'auditLog' },
  component: AuditLogScreen,
});

const adminVerificationRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'verification',
  staticData: { title: 'verification' },
  component: AdminVerificationScreen,
});

const adminContestRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'contest',
  staticData: { title: 'contest' },
  component: AdminContestScreen,
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
