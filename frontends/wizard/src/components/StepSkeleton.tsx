import { Card, Skeleton } from 'antd';

/** A step (or a part of it) that is still loading. */
export function StepSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <Card aria-busy="true" aria-label={label}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}
