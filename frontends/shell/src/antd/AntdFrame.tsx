import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// antd's own context behind App.useApp() (the kit's useToast) and the notification hook <App> uses. The shell provides
// them instead of rendering <App>, whose module also carries the modal and message code (about 25 KB) that no page
// uses. The shell's antd modules serve every remote, so a remote's App.useApp() reads this very context; and these
// are the modules antd's App imports, so a page that does load App (the wizard's) loads nothing twice.
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useNotification from 'antd/es/notification/useNotification';
import { createToast, theme, toastConfig } from '@hsa/ui-kit';
import { toastBridge } from './toastBridge';
import { AntdReadyContext } from './antdContext';

/**
 * antd's theme and the one notification holder (one toast at a time) for the shell and every
 * remote. Loaded lazily, the first time a page needs antd, and kept from then on.
 */
export default function AntdFrame({ children }: { children: ReactNode }) {
  const [notifications, notificationHolder] = useNotification(toastConfig);
  // The product's toasts are notifications only: App.useApp() offers no message or modal API here.
  const app = useMemo(() => ({ notification: notifications }) as useAppProps, [notifications]);
  useEffect(() => toastBridge.attach(createToast(notifications)), [notifications]);
  return (
    <ConfigProvider theme={theme}>
      <AppContext.Provider value={app}>
        {notificationHolder}
        <AntdReadyContext.Provider value={true}>{children}</AntdReadyContext.Provider>
      </AppContext.Provider>
    </ConfigProvider>
  );
}
