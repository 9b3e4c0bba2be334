import type { GanttLink, GanttTask } from '@atrium/domain';
import type { QueryKey } from '@tanstack/react-query';
import { Segmented, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../platform/dates/format-date';
import { EmptyState } from '../../platform/feedback/empty-state';
import { useMediaQuery } from '../../platform/feedback/use-media-query';
import { useRecordEventBursts } from '../../platform/live/use-live-events';
import { GanttChart } from './gantt-chart';
import { buildRows, ZOOMS, type GanttGroup, type Zoom } from './gantt-layout';
import { useGanttMove } from './gantt-move';
import { useRefreshGantt } from './gantt.api';
import './gantt.css';

// below antd's md breakpoint dragging bars is impractical: the chart becomes a read-only table
const NARROW = '(max-width: 767.98px)';
// the measure the perf test reads: from navigation to the chart's bars on screen
export const GANTT_PAINTED_MARK = 'gantt-painted';

const ZOOM_CAPTIONS: Record<Zoom, string> = {
  day: 'projects.gantt.zoomDay',
  week: 'projects.gantt.zoomWeek',
  month: 'projects.gantt.zoomMonth',
};

type Props = {
  groups: readonly GanttGroup[];
  links: readonly GanttLink[];
  queryKey: QueryKey;
  withHeaders: boolean;
  readOnly?: boolean;
  toolbar?: ReactNode;
};

// A chart with its zoom, its moves and live updates, shared by a project's Gantt tab and the
// portfolio timeline.
export function GanttBoard({ groups, links, queryKey, withHeaders, readOnly = false, toolbar }: Props) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<Zoom>('day');
  const narrow = useMediaQuery(NARROW);
  const move = useGanttMove(queryKey);
  const refresh = useRefreshGantt();
  // another user's change, or the server moving successors, arrives as Task record events: one
  // refetch per burst (an automatic reschedule is an event per task moved)
  useRecordEventBursts('Task', undefined, () => void refresh());
  const tasks = useMemo(() => groups.flatMap((group) => group.tasks), [groups]);
  const rows = useMemo(() => buildRows(groups, withHeaders), [groups, withHeaders]);
  const today = dayjs().format('YYYY-MM-DD');

  useEffect(() => {
    if (tasks.length === 0) return;
    // the frame after the commit is the one the bars are painted in
    const frame = requestAnimationFrame(() => performance.mark(GANTT_PAINTED_MARK));
    return () => cancelAnimationFrame(frame);
  }, [tasks]);

  if (tasks.length === 0) return <EmptyState description={t('projects.gantt.empty')} />;
  if (narrow) return <GanttTable tasks={tasks} />;
  return (
    <Space direction="vertical" size={12} className="gantt-board" style={{ width: '100%' }}>
      <Space wrap>
        {toolbar}
        <Segmented<Zoom>
          aria-label={t('projects.gantt.zoomLabel')}
          value={zoom}
          onChange={setZoom}
          options={ZOOMS.map((value) => ({ value, label: t(ZOOM_CAPTIONS[value]) }))}
        />
      </Space>
      <GanttChart
        rows={rows}
        tasks={tasks}
        links={links}
        zoom={zoom}
        today={today}
        readOnly={readOnly}
        onCommit={(task, dates) => void move(task, dates)}
      />
    </Space>
  );
}

// At 390 px: number, title, start and due, read only.
function GanttTable({ tasks }: { tasks: readonly GanttTask[] }) {
  const { t } = useTranslation();
  return (
    <Table<GanttTask>
      size="small"
      rowKey="id"
      aria-label={t('projects.gantt.table')}
      dataSource={[...tasks]}
      pagination={{ pageSize: 50, showSizeChanger: false }}
      columns={[
        { key: 'number', title: t('projects.gantt.number'), dataIndex: 'number' },
        { key: 'title', title: t('projects.gantt.title'), dataIndex: 'title' },
        { key: 'start', title: t('projects.gantt.start'), render: (_, task) => formatDate(task.startDate) },
        { key: 'due', title: t('projects.gantt.due'), render: (_, task) => formatDate(task.dueDate) },
      ]}
    />
  );
}
