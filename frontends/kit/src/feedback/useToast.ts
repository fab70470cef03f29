import { useMemo } from 'react';
import { App } from 'antd';
import { createToast, type ToastApi } from './toast';

/**
 * Toasts through the antd <App> context that the shell provides once: the component tree of every remote
 * shares it (antd is a singleton), so the one-at-a-time rule holds across the whole page. Importing this
 * loads antd's App module (with its modal and message code); a page that must stay light uses
 * `requestedToasts` instead.
 */
export function useToast(): ToastApi {
  const { notification } = App.useApp();
  return useMemo(() => createToast(notification), [notification]);
}
