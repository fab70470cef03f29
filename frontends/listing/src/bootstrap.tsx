import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { App, ConfigProvider } from 'antd';
import { createQueryClient, theme, toastConfig } from '@hsa/ui-kit';
import ListingPage from './pages/ListingPage';
import RecommendationsPage from './pages/RecommendationsPage';

/**
 * Standalone mode (dist/index.html): the two pages with the providers the shell normally gives them, for
 * working on this remote alone. Inside the product the shell renders ./RecommendationsPage and ./ListingPage.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider theme={theme}>
        <App notification={toastConfig}>
          <BrowserRouter>
            <Routes>
              <Route path="/listing" element={<ListingPage />} />
              <Route path="*" element={<RecommendationsPage />} />
            </Routes>
          </BrowserRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  </StrictMode>,
);
