import type { App } from 'antd';

type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

/**
 * Notification settings of the product: one toast at a time, below the 64 px header so it never
 * hides the account menu. Pass to antd's <App notification>
 * (or notification.useNotification).
 */
export const toastConfig = { maxCount: 1, placement: 'topRight', duration: 5, top: 80 } as const;

export interface ToastApi {
  /** e.g. success('Property Archived') */
  success(title: string, description?: string): void;
  /** e.g. error('Error', 'Failed to archive property. Please try again.') */
  error(title: string, description?: string): void;
  info(title: string, description?: string): void;
}

/** Every toast uses this key, so a new one replaces the one on screen instead of stacking. */
const toastKey = 'hsa-toast';

/** Toast helpers over an antd notification instance (the one of the nearest antd <App>). */
export function createToast(notification: Pick<NotificationInstance, 'success' | 'error' | 'info'>): ToastApi {
  const common = { key: toastKey, props: { 'data-testid': 'toast' } };
  return {
    success: (title, description) => notification.success({ ...common, title, description, role: 'status' }),
    error: (title, description) => notification.error({ ...common, title, description, role: 'alert' }),
    info: (title, description) => notification.info({ ...common, title, description, role: 'status' }),
  };
}
