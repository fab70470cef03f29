import { createContext } from 'react';

/** True below AntdFrame: antd, its theme and the toast holder are ready. */
export const AntdReadyContext = createContext(false);

/** Asks the layout to load antd and wrap the page in AntdFrame. */
export const RequestAntdContext = createContext<() => void>(() => {});
