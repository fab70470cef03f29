import { useEffect } from 'react';
import { listenForToastRequests } from './toastRequests';
import { useToast } from './useToast';

/** Shows requested toasts (requestToast, requestedToasts) through antd's <App>: what the shell does, for standalone remotes and tests. */
export function ToastRequests() {
  const toast = useToast();
  useEffect(() => listenForToastRequests((request) => toast[request.kind](request.title, request.description)), [toast]);
  return null;
}
