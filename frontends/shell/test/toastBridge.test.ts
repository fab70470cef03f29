import { describe, expect, it, vi } from 'vitest';
import type { ToastApi } from '@hsa/ui-kit';
import { toastBridge } from '../src/antd/toastBridge';

const fakeToastApi = (): ToastApi & { calls: string[] } => {
  const calls: string[] = [];
  return {
    calls,
    success: (title, description) => calls.push(`success ${title}: ${description}`),
    error: (title, description) => calls.push(`error ${title}: ${description}`),
    info: (title, description) => calls.push(`info ${title}: ${description}`),
  };
};

describe('toastBridge', () => {
  it('holds a toast until antd is ready, asking the layout to load it', () => {
    const requestAntd = vi.fn();
    const stopRequests = toastBridge.onAntdRequested(requestAntd);
    toastBridge.show({ kind: 'error', title: 'Session Expired', description: 'Please log in again to continue.' });
    expect(requestAntd).toHaveBeenCalledTimes(1);

    const api = fakeToastApi();
    const detach = toastBridge.attach(api);
    expect(api.calls).toEqual(['error Session Expired: Please log in again to continue.']);

    toastBridge.show({ kind: 'success', title: 'Property Archived' });
    expect(api.calls).toHaveLength(2);
    detach();
    stopRequests();
  });
});
