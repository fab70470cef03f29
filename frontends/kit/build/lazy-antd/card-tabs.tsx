import { Suspense, lazy, type ComponentProps } from 'react';

// antd's Tabs (with the menu, dropdown and overflow code it brings), loaded the first time a Card shows a tabList.
const Tabs = lazy(() => import('antd/es/tabs'));

/** Stands in for the Tabs of antd's Card head (see lazyAntdParts in rspack.ts); nothing is shown while they load. */
export default function LazyCardTabs(props: ComponentProps<typeof Tabs>) {
  return (
    <Suspense fallback={null}>
      <Tabs {...props} />
    </Suspense>
  );
}
