import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '@hsa/ui-kit';
import { asksDemoReady } from '../domain/arrival';
import { toasts } from '../domain/messages';

/** Shows the toast a navigation asked for (announceDemoReady), once: the state is dropped so a reload does not repeat it. */
export function useArrivalToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    if (!asksDemoReady(location.state)) return;
    toast.success(...toasts.demoReady);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // Once, for the navigation that brought the wizard here.
  }, []);
}
