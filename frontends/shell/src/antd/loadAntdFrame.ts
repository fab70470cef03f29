/** The antd frame's chunk (antd's theme, its core and the toast holder), for React.lazy and for an early start. */
export const loadAntdFrame = () => import('./AntdFrame');
