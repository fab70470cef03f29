import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { theme, toastConfig, useToast } from '@hsa/ui-kit';
import { toastBridge } from './toastBridge';
import { AntdReadyContext } from './antdContext';

function ToastBridgeConnector() {
  const toast = useToast();
  useEffect(() => toastBridge.attach(toast), [toast]);
  return null;
}

/**
 * antd's theme and the one notification holder (one toast at a time) for the shell and every
 * remote. Loaded lazily, the first time a page needs antd, and kept from then on.
 */
export default function AntdFrame({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <App component={false} notification={toastConfig} message={{ maxCount: 1 }}>
        <ToastBridgeConnector />
        <AntdReadyContext.Provider value={true}>{children}</AntdReadyContext.Provider>
      </App>
    </ConfigProvider>
  );
}
