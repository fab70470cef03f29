import type { ToastApi } from '@hsa/ui-kit';

type Toast = { kind: keyof ToastApi; title: string; description?: string };

/**
 * Lets code outside React (the QueryClient's error handlers) show a toast through the antd <App>
 * that AntdFrame mounts. antd loads lazily, so a toast asked for before it is ready waits, and the
 * layout is asked to load it.
 */
class ToastBridge {
  private api: ToastApi | null = null;
  private pending: Toast[] = [];
  private requestAntd: (() => void) | null = null;

  show(toast: Toast): void {
    if (this.api) {
      this.api[toast.kind](toast.title, toast.description);
      return;
    }
    this.pending.push(toast);
    this.requestAntd?.();
  }

  /** Called by AntdFrame once its notification holder exists; returns the detach function. */
  attach(api: ToastApi): () => void {
    this.api = api;
    for (const toast of this.pending.splice(0)) this.show(toast);
    return () => {
      if (this.api === api) this.api = null;
    };
  }

  /** Called by the layout: how to get antd loaded when a toast is waiting. */
  onAntdRequested(request: () => void): () => void {
    this.requestAntd = request;
    if (this.pending.length) request();
    return () => {
      if (this.requestAntd === request) this.requestAntd = null;
    };
  }
}

export const toastBridge = new ToastBridge();
