import { createContext } from 'react';

/** True below AntdFrame: antd, its theme and the toast holder are ready. */
export const AntdReadyContext = createContext(false);

/** 'none': no antd yet; 'toasts': the toast holder beside an antd-free page; 'page': the page inside the frame. */
export type FrameMode = 'none' | 'toasts' | 'page';

/** What the layout's AntdHost offers: loading antd for toasts only, or for the page itself. */
export interface AntdHostApi {
  mode: FrameMode;
  /** Mount antd's toast holder beside the page (antd-free pages: the page stays where it is). */
  requestToasts(): void;
  /**
   * Settles once the page has been moved into AntdFrame (loading antd first). The copy of the page that asked,
   * outside the frame, is dropped by then.
   */
  whenPageFramed(): Promise<void>;
}

export const AntdHostContext = createContext<AntdHostApi>({
  mode: 'none',
  requestToasts: () => {},
  whenPageFramed: () => Promise.resolve(),
});
