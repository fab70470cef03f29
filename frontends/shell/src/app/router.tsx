import { lazy } from 'react';
import { useRoutes } from 'react-router';
import { AppLayout } from '../layout/AppLayout';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { LayoutError } from '../components/LayoutError';
import { HomePage } from '../pages/HomePage';
// Not lazy (it is a few lines that load the dashboard remote): the remote's own files are requested one round trip sooner.
import DashboardPage from '../pages/DashboardPage';
import WizardPage, { SavePropertyPage } from '../pages/WizardPages';

const RecommendationsPage = lazy(() => import('../pages/RecommendationsPage'));
const ListingPage = lazy(() => import('../pages/ListingPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

/** Every route of the spec's route table; /api/login and /api/logout are full-page navigations. */
export const routes = [
  {
    path: '/',
    element: <AppLayout />,
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

/** The routes of the current location; a failure of the layout itself shows LayoutError (a page's own is caught inside it). */
export function AppRoutes() {
  return <ErrorBoundary fallback={() => <LayoutError />}>{useRoutes(routes)}</ErrorBoundary>;
}
