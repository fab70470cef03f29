import { useEffect } from 'react';
import { App } from 'antd';
import { createToast } from './toast';
import { listenForToastRequests } from './toastRequests';

/**
 * Shows requested toasts (useToast, requestToast) through antd's <App>: what the shell does, for standalone remotes
 * and tests. Render it inside <App notification={toastConfig}>.
 */
export function ToastRequests() {
  const { notification } = App.useApp();
  useEffect(() => {
    const toast = createToast(notification);
    return listenForToastRequests((request) => toast[request.kind](request.title, request.description));
  }, [notification]);
  return null;
}
