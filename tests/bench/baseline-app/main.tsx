import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { FormattedMessage, IntlProvider } from 'react-intl';

/**
 * The peer the home page is measured against: the same framework stack (React 19, TanStack
 * Router and Query, react-intl) saying hello, with nothing of ours in it.
 */
const messages = { hello: 'Hello, {name}!' };

function Hello() {
  const query = useQuery({ queryKey: ['name'], queryFn: async () => 'world' });
  return (
    <h1>
      <FormattedMessage id="hello" values={{ name: query.data ?? '…' }} />
    </h1>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Hello });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IntlProvider locale="en" messages={messages}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </IntlProvider>
  </StrictMode>,
);
