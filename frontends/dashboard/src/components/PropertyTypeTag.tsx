import type { CSSProperties } from 'react';

/**
 * antd's `<Tag color="blue">` as it renders in the product's theme (filled: blue-1 background, blue-7 text, the
 * theme's small radius), drawn without antd's Tag module: the tag is the only use of it on the dashboard, and the
 * module (with the colour-parsing code it carries) is about 9 KB on the wire.
 */
const style: CSSProperties = {
  boxSizing: 'border-box',
  display: 'inline-block',
  position: 'relative',
  margin: 0,
  paddingBlock: 0,
  paddingInline: 7,
  fontSize: 12,
  lineHeight: '20px',
  whiteSpace: 'nowrap',
  textAlign: 'start',
  listStyle: 'none',
  color: '#0958d9',
  backgroundColor: '#e6f4ff',
  border: '1px solid transparent',
  borderRadius: 6,
  transition: 'all 0.2s',
};

/** The property's type ("Single Family") at the top of its card. */
export function PropertyTypeTag({ children }: { children: string }) {
  return <span style={style}>{children}</span>;
}
