import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { createToast, theme } from '@hsa/ui-kit';
import { toastBridge } from './toastBridge';
import { AntdReadyContext } from './antdContext';
import { deferredNotifications } from './deferredNotifications';

// The notification holder (about 9 KB) loads with the first toast: no page shows one in its first view.
const NotificationHolder = lazy(() => import('./NotificationHolder'));

/**
 * antd's theme and the one notification holder (one toast at a time) for the shell and every
 * remote. Loaded lazily, the first time a page needs antd, and kept from then on. Toasts reach the holder through
 * the toast bridge: the shell's own, and every remote's (the kit's useToast asks for them with a window event). No
 * antd <App> is rendered: its module carries modal and message code that no page uses.
 */
export default function AntdFrame({ children }: { children: ReactNode }) {
  const [holderWanted, setHolderWanted] = useState(false);
  const [notifications] = useState(() => deferredNotifications(() => setHolderWanted(true)));
  useEffect(() => toastBridge.attach(createToast(notifications.instance)), [notifications]);
  return (
    <ConfigProvider theme={theme}>
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
    </ConfigProvider>
  );
}
