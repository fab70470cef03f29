import { QueryClientProvider } from '@tanstack/react-query';
import { createShellQueryClient } from './queryClient';
import { ShellRouter } from '../routing/ShellRouter';
import { AppRoutes } from './router';

const queryClient = createShellQueryClient();

/** The one QueryClient and the router; the layout route renders the header and the pages. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellRouter>
        <AppRoutes />
      </ShellRouter>
    </QueryClientProvider>
  );
}
