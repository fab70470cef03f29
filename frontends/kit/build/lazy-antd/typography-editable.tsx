import { Suspense, lazy, type ComponentProps } from 'react';

// antd's own editor (a TextArea, with the Input and form code it brings), loaded the first time a text is edited.
const Editable = lazy(() => import('antd/es/typography/Editable'));

/**
 * Stands in for antd's Typography editor (see lazyAntdParts in rspack.ts): while the editor loads, the text
 * stays on screen, marked busy.
 */
export default function LazyEditable(props: ComponentProps<typeof Editable>) {
  return (
    <Suspense fallback={<span aria-busy="true">{props.value}</span>}>
      <Editable {...props} />
    </Suspense>
  );
}
