import type { EntityRecord } from '@atrium/domain';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The chart is its own chunk: a project's record page loads it only when the Gantt tab opens.
const GanttView = lazy(async () => ({ default: (await import('./gantt-view')).GanttView }));

export function GanttTab({ record }: { record: EntityRecord }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <GanttView record={record} />
    </Suspense>
  );
}
