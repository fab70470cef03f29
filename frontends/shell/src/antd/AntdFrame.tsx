import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// antd's own context behind App.useApp() (the kit's useToast). The shell provides it instead of rendering <App>,
// whose module also carries the modal and message code (about 25 KB) that no page uses. The shell's antd modules
// serve every remote, so a remote's App.useApp() reads this very context.
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { createToast, theme } from '@hsa/ui-kit';
import { toastBridge } from './toastBridge';
import { AntdReadyContext } from './antdContext';
import { deferredNotifications } from './deferredNotifications';

// The notification holder (about 9 KB) loads with the first toast: no page shows one in its first view.
const NotificationHolder = lazy(() => import('./NotificationHolder'));

/**
 * antd's theme and the one notification holder (one toast at a time) for the shell and every
 * remote. Loaded lazily, the first time a page needs antd, and kept from then on.
 */
export default function AntdFrame({ children }: { children: ReactNode }) {
  const [holderWanted, setHolderWanted] = useState(false);
  const [notifications] = useState(() => deferredNotifications(() => setHolderWanted(true)));
  // The product's toasts are notifications only: App.useApp() offers no message or modal API here.
  const app = useMemo(() => ({ notification: notifications.instance }) as useAppProps, [notifications]);
  useEffect(() => toastBridge.attach(createToast(notifications.instance)), [notifications]);
  return (
    <ConfigProvider theme={theme}>
      <AppContext.Provider value={app}>
        {holderWanted ? (
          // Nothing to show while it loads: the toast itself appears a moment later.
          <Suspense fallback={null}>
            <NotificationHolder onReady={notifications.attach} />
          </Suspense>
        ) : null}
        <AntdReadyContext.Provider value={true}>
          {/* Where <App> put its own element: the pages in the frame keep antd's text defaults (styles.css). */}
          <div className="antd-frame">{children}</div>
        </AntdReadyContext.Provider>
      </AppContext.Provider>
    </ConfigProvider>
  );
}
