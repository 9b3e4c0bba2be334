import type { GanttTask, ProjectGantt } from '@atrium/domain';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { errorText } from '../../platform/feedback/form-errors';
import { patchTaskDates, useRefreshGantt, type TaskDatesPatch } from './gantt.api';

const MESSAGE_KEY = 'gantt-move';
const datesOf = (task: Pick<GanttTask, 'startDate' | 'dueDate'>) => `${task.startDate ?? ''}|${task.dueDate ?? ''}`;

// Moving a task on the chart: PATCH its dates, reload the chart (in automatic projects the
// server has moved the tasks it blocks by then), say how many followed and offer one Undo, which
// moves the task back; the server moves its followers back by the same rule.
export function useGanttMove(queryKey: QueryKey) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const refresh = useRefreshGantt();

  // the number of other tasks whose dates changed, or null when the write failed
  const send = useCallback(
    async (task: GanttTask, dates: TaskDatesPatch): Promise<number | null> => {
      const tasksNow = () => qc.getQueryData<ProjectGantt>(queryKey)?.tasks ?? [];
      const before = new Map(tasksNow().map((other) => [other.id, datesOf(other)]));
      message.open({ key: MESSAGE_KEY, type: 'loading', content: t('projects.gantt.moving', { number: task.number }), duration: 0 });
      try {
        await patchTaskDates(task.id, dates);
      } catch (e) {
        await refresh();
        const text =
          isApiError(e) && e.status === 412
            ? t('projects.gantt.changedMeanwhile', { number: task.number })
            : errorText(t, isApiError(e) ? e.code : 'unknown');
        message.open({ key: MESSAGE_KEY, type: 'error', content: text, duration: 6 });
        return null;
      }
      await refresh();
      return tasksNow().filter((other) => other.id !== task.id && before.has(other.id) && before.get(other.id) !== datesOf(other)).length;
    },
    [message, qc, queryKey, refresh, t],
  );

  return useCallback(
    async (task: GanttTask, dates: TaskDatesPatch): Promise<void> => {
      const followed = await send(task, dates);
      if (followed === null) return;
      const undo = async () => {
        if ((await send(task, { startDate: task.startDate, dueDate: task.dueDate })) === null) return;
        message.open({ key: MESSAGE_KEY, type: 'success', content: t('projects.gantt.undone', { number: task.number }), duration: 4 });
      };
      message.open({
        key: MESSAGE_KEY,
        type: 'success',
        duration: 10,
        content: (
          <Space size={8} wrap>
            <span>
              {followed > 0
                ? t('projects.gantt.movedFollowed', { number: task.number, count: followed })
                : t('projects.gantt.moved', { number: task.number })}
            </span>
            <Button size="small" type="link" onClick={() => void undo()}>
              {t('projects.gantt.undo')}
            </Button>
          </Space>
        ),
      });
    },
    [message, send, t],
  );
}
