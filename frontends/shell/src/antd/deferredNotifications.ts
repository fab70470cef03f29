import type { NotificationInstance } from 'antd/es/notification/interface';

type Method = keyof NotificationInstance;

export interface DeferredNotifications {
  /** Stands in for the holder's API from the start: calls made before it exists wait for it. */
  instance: NotificationInstance;
  /** Connects the holder's API and replays the calls that waited. */
  attach(notifications: NotificationInstance): void;
}

/**
 * An antd notification API usable before its holder is loaded: the first call asks for the holder (`load`, called
 * outside React's render) and is shown as soon as it is there.
 */
export function deferredNotifications(load: () => void): DeferredNotifications {
  let target: NotificationInstance | null = null;
  const waiting: { method: Method; args: unknown[] }[] = [];
  const forward =
    (method: Method) =>
    (...args: unknown[]) => {
      if (target) return (target[method] as (...values: unknown[]) => void)(...args);
      waiting.push({ method, args });
      queueMicrotask(load);
    };
  const methods: Method[] = ['success', 'error', 'info', 'warning', 'open', 'destroy'];
  return {
    instance: Object.fromEntries(methods.map((method) => [method, forward(method)])) as unknown as NotificationInstance,
    attach(notifications) {
      target = notifications;
      for (const { method, args } of waiting.splice(0)) (notifications[method] as (...values: unknown[]) => void)(...args);
    },
  };
}
