import type { GanttLink, GanttTask } from '@atrium/domain';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GanttBar } from './gantt-bar';
import { arrowsFor, buildScale, ROW_HEIGHT, ticks, xOf, type GanttRow, type Zoom } from './gantt-layout';
import type { TaskDatesPatch } from './gantt.api';

const LABEL_WIDTH = 260;
const HEADER_HEIGHT = 32;
// rows drawn above and below the visible ones, so a fast scroll shows no blank rows
const OVERSCAN = 10;
const TICK_FORMAT: Record<Zoom, string> = { day: 'D', week: 'D MMM', month: 'MMM YYYY' };

type Props = {
  rows: readonly GanttRow[];
  tasks: readonly GanttTask[];
  links: readonly GanttLink[];
  zoom: Zoom;
  today: string;
  readOnly: boolean;
  onCommit: (task: GanttTask, dates: TaskDatesPatch) => void;
};

// The chart: a sticky column of task numbers and titles, a time scale, bars, arrows and the
// today line. Only the rows in view (and a few around them) are in the DOM, so 5,000 tasks
// cost what 40 do.
export function GanttChart({ rows, tasks, links, zoom, today, readOnly, onCommit }: Props) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const scale = useMemo(() => buildScale(tasks, today, zoom), [tasks, today, zoom]);
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const rowIndex = useMemo(() => {
    const index = new Map<string, number>();
    rows.forEach((row, i) => row.type === 'task' && index.set(row.task.id, i));
    return index;
  }, [rows]);

  const first = Math.max(0, Math.floor((view.top - HEADER_HEIGHT) / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length - 1, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const arrows = useMemo(() => arrowsFor(links, rowIndex, byId, scale, { first, last }), [links, rowIndex, byId, scale, first, last]);
  const scaleTicks = useMemo(() => ticks(scale, zoom), [scale, zoom]);
  const chartWidth = scale.days * scale.dayWidth;
  const bodyHeight = rows.length * ROW_HEIGHT;

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setView((v) => ({ ...v, height: element.clientHeight })));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // each zoom opens a week before today, where planning usually happens; once per zoom, not on
  // every refetch (which would throw away where the user has scrolled to)
  const scrolledZoom = useRef<Zoom | null>(null);
  useLayoutEffect(() => {
    if (!scroller.current || scrolledZoom.current === zoom) return;
    scrolledZoom.current = zoom;
    scroller.current.scrollLeft = Math.max(0, xOf(scale, today) - 7 * scale.dayWidth);
  }, [zoom, scale, today]);

  return (
    <div
      ref={scroller}
      className="gantt-scroll"
      role="region"
      aria-label={t('projects.gantt.chart')}
      onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
    >
      <div className="gantt-canvas" style={{ width: LABEL_WIDTH + chartWidth, height: HEADER_HEIGHT + bodyHeight }}>
        <div className="gantt-header" style={{ height: HEADER_HEIGHT }}>
          <div className="gantt-label gantt-header-label" style={{ width: LABEL_WIDTH }}>
            {t('projects.gantt.taskColumn')}
          </div>
          {scaleTicks.map((date) => (
            <span key={date} className="gantt-tick" style={{ left: LABEL_WIDTH + xOf(scale, date) }} aria-hidden>
              {dayjs(date).format(TICK_FORMAT[zoom])}
            </span>
          ))}
        </div>
        <div className="gantt-body" style={{ height: bodyHeight }}>
          <div className="gantt-today" style={{ left: LABEL_WIDTH + xOf(scale, today) + scale.dayWidth / 2 }} aria-hidden />
          <svg className="gantt-arrows" style={{ left: LABEL_WIDTH }} width={chartWidth} height={bodyHeight} aria-hidden>
            <defs>
              <marker id="gantt-arrowhead" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" markerHeight="7" orient="auto">
                <path d="M0,0 L8,4 L0,8 z" />
              </marker>
            </defs>
            {arrows.map((arrow) => (
              <path key={arrow.id} d={arrow.path} markerEnd="url(#gantt-arrowhead)" />
            ))}
          </svg>
          {rows.slice(first, last + 1).map((row, i) => (
            <GanttRowView
              key={row.key}
              row={row}
              top={(first + i) * ROW_HEIGHT}
              labelWidth={LABEL_WIDTH}
              chart={
                row.type === 'task' ? (
                  <div className="gantt-track" style={{ left: LABEL_WIDTH }}>
                    <GanttBar task={row.task} scale={scale} readOnly={readOnly} onCommit={onCommit} />
                  </div>
                ) : null
              }
            />
          ))}
        </div>
      </div>
    </div>
  );
}

function GanttRowView({ row, top, labelWidth, chart }: { row: GanttRow; top: number; labelWidth: number; chart: ReactNode }) {
  const { t } = useTranslation();
  const label =
    row.type === 'group' ? (
      <strong>{row.title}</strong>
    ) : row.type === 'unscheduled' ? (
      <em>{t('projects.gantt.unscheduled')}</em>
    ) : (
      <>
        <span className="gantt-number">{row.task.number}</span> {row.task.title}
      </>
    );
  return (
    <div className={`gantt-row gantt-row-${row.type}`} style={{ top, height: ROW_HEIGHT }}>
      <div className="gantt-label" style={{ width: labelWidth }} title={row.type === 'task' ? row.task.title : undefined}>
        {label}
      </div>
      {chart}
    </div>
  );
}
