import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { App, ConfigProvider } from 'antd';
import { ToastRequests, createQueryClient, theme, toastConfig } from '@hsa/ui-kit';
import DashboardPage from './pages/DashboardPage';

/**
 * Standalone mode (dist/index.html): the dashboard with the providers the shell normally gives
 * it, for working on this remote alone. Inside the product the shell renders ./DashboardPage.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider theme={theme}>
        <App notification={toastConfig}>
          <ToastRequests />
          <div style={{ maxWidth: 1200, margin: '0 auto', padding: '0 24px' }}>
            <BrowserRouter>
              <DashboardPage />
            </BrowserRouter>
          </div>
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  </StrictMode>,
);
