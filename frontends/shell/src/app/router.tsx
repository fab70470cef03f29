import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../layout/AppLayout';
import { RouteError } from '../components/RouteError';
import { HomePage } from '../pages/HomePage';
import WizardPage, { SavePropertyPage } from '../pages/WizardPages';

const DashboardPage = lazy(() => import('../pages/DashboardPage'));
const RecommendationsPage = lazy(() => import('../pages/RecommendationsPage'));
const ListingPage = lazy(() => import('../pages/ListingPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

/** Every route of the spec's route table; /api/login and /api/logout are full-page navigations. */
export const routes = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'add-property', element: <WizardPage /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'recommendations', element: <RecommendationsPage /> },
      { path: 'listing', element: <ListingPage /> },
      { path: 'save-property', element: <SavePropertyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
