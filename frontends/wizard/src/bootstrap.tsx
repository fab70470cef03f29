import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useSearchParams } from 'react-router';
import { App, ConfigProvider } from 'antd';
import { ToastRequests, createQueryClient, theme, toastConfig, useAuth } from '@hsa/ui-kit';
import LandingPage from './pages/LandingPage';
import SavePropertyPage from './pages/SavePropertyPage';
import WizardPage from './pages/WizardPage';

/** `/` as the shell routes it, simplified: the landing page for visitors without a wizard parameter. */
function Home() {
  const { isAuthenticated, isLoading } = useAuth();
  const [query] = useSearchParams();
  if (isLoading) return null;
  const wizard = isAuthenticated || query.has('demo') || query.get('propertyId') === 'demo';
  return wizard ? <WizardPage /> : <LandingPage />;
}

/**
 * Standalone mode (dist/index.html): the wizard's pages with the providers the shell normally gives
 * them, for working on this remote alone. Inside the product the shell renders the exposed modules.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider theme={theme}>
        <App notification={toastConfig}>
          <ToastRequests />
          <BrowserRouter>
            <Routes>
              <Route path="/" element={<Home />} />
              <Route path="/add-property" element={<WizardPage />} />
              <Route path="/save-property" element={<SavePropertyPage />} />
              <Route path="*" element={<Home />} />
            </Routes>
          </BrowserRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  </StrictMode>,
);
