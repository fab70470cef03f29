import { useEffect } from 'react';
import type { NotificationInstance } from 'antd/es/notification/interface';
// The notification hook antd's <App> uses (see AntdFrame).
import useNotification from 'antd/es/notification/useNotification';
import { toastConfig } from '@hsa/ui-kit';

/** antd's notification holder with the product's settings; hands its API over once mounted. Loaded with the first toast. */
export default function NotificationHolder({ onReady }: { onReady: (notifications: NotificationInstance) => void }) {
  const [notifications, holder] = useNotification(toastConfig);
  useEffect(() => onReady(notifications), [notifications, onReady]);
  return holder;
}
