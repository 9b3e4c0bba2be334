import { PRIORITY_COLORS, type GanttTask } from '@atrium/domain';
import dayjs from 'dayjs';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { barGeometry, shiftedDates, type Scale } from './gantt-layout';
import type { TaskDatesPatch } from './gantt.api';

type DragMode = 'move' | 'resize';
type Drag = { mode: DragMode; startX: number; days: number };

const DEFAULT_COLOR = '#1677ff';
const isPriority = (value: string): value is keyof typeof PRIORITY_COLORS => value in PRIORITY_COLORS;
const colorOf = (priority: string | null) => (priority && isPriority(priority) ? PRIORITY_COLORS[priority] : DEFAULT_COLOR);

const shortDay = (date: string) => dayjs(date).format('D MMM');

// "ABC-3 Title, 4 Jan – 8 Jan": what a screen reader says of a bar, and what the tests read.
export function barLabel(task: Pick<GanttTask, 'number' | 'title' | 'startDate' | 'dueDate'>): string {
  const dates =
    task.startDate && task.dueDate
      ? `${shortDay(task.startDate)} – ${shortDay(task.dueDate)}`
      : shortDay(task.startDate ?? task.dueDate ?? '');
  return `${task.number} ${task.title}, ${dates}`;
}

type Props = {
  task: GanttTask;
  scale: Scale;
  readOnly: boolean;
  onCommit: (task: GanttTask, dates: TaskDatesPatch) => void;
};

// One task's bar (or a milestone's diamond): dragged to move, its right edge dragged to change
// the due date, both snapped to whole days; ArrowLeft/ArrowRight move it a day, with Shift they
// change its due date.
export function GanttBar({ task, scale, readOnly, onCommit }: Props) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const shown = drag && drag.days !== 0 ? { ...task, ...shiftedDates(task, drag.days, drag.mode) } : task;
  const geometry = barGeometry(scale, shown);
  if (!geometry) return null;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (readOnly || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const onHandle = e.target instanceof HTMLElement && e.target.dataset.handle === 'resize';
    setDrag({ mode: onHandle ? 'resize' : 'move', startX: e.clientX, days: 0 });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const days = Math.round((e.clientX - drag.startX) / scale.dayWidth);
    if (days !== drag.days) setDrag({ ...drag, days });
  };
  const onPointerUp = () => {
    if (!drag) return;
    setDrag(null);
    if (drag.days !== 0) onCommit(task, shiftedDates(task, drag.days, drag.mode));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    const mode: DragMode = e.shiftKey && geometry.kind === 'bar' ? 'resize' : 'move';
    onCommit(task, shiftedDates(task, e.key === 'ArrowLeft' ? -1 : 1, mode));
  };

  const color = colorOf(task.priority);
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={barLabel(shown)}
      aria-disabled={readOnly || undefined}
      data-task-id={task.id}
      className={`gantt-bar gantt-bar-${geometry.kind}${drag ? ' gantt-bar-dragging' : ''}`}
      style={{ left: geometry.left, width: geometry.kind === 'bar' ? geometry.width : undefined, background: color }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onKeyDown={onKeyDown}
    >
      {geometry.kind === 'bar' && !readOnly ? <span className="gantt-bar-handle" data-handle="resize" aria-hidden /> : null}
    </div>
  );
}
