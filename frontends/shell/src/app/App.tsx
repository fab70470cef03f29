import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createShellQueryClient } from './queryClient';
import { followRouter } from '../routing/pendingNavigation';
import { createAppRouter } from './router';

const queryClient = createShellQueryClient();
const router = createAppRouter();
followRouter(router);

/** The one QueryClient and the router; the layout route renders the header and the pages. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
