import { projectEntity, SCHEDULING_MODES, type EntityRecord, type SchedulingMode } from '@atrium/domain';
import { Alert, App, Button, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { entityApi } from '../../platform/entity/entity-api';
import { errorText } from '../../platform/feedback/form-errors';
import { GanttBoard } from './gantt-board';
import { ganttKeys, useProjectGantt } from './gantt.api';

const projects = entityApi(projectEntity);
const MODE_CAPTIONS: Record<SchedulingMode, string> = {
  Manual: 'projects.gantt.modeManual',
  Automatic: 'projects.gantt.modeAutomatic',
};
const isMode = (value: unknown): value is SchedulingMode => SCHEDULING_MODES.some((mode) => mode === value);

// A project's Gantt tab: its tasks and links, with the project's scheduling mode right above.
export function GanttView({ record }: { record: EntityRecord }) {
  const gantt = useProjectGantt(record.id);
  if (gantt.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (gantt.isError) return <GanttError onRetry={() => void gantt.refetch()} />;
  const title = typeof record.name === 'string' ? record.name : record.id;
  return (
    <GanttBoard
      groups={[{ id: record.id, title, tasks: gantt.data.tasks }]}
      links={gantt.data.links}
      queryKey={ganttKeys.project(record.id)}
      withHeaders={false}
      toolbar={<SchedulingModeSwitch projectId={record.id} />}
    />
  );
}

export function GanttError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={t('projects.gantt.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('projects.gantt.retry')}
        </Button>
      }
    />
  );
}

// Manual: a move moves one task; Automatic: the tasks it blocks follow (the server decides).
function SchedulingModeSwitch({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const project = projects.useRecord(projectId);
  const patch = projects.usePatch();
  const mode = isMode(project.data?.schedulingMode) ? project.data.schedulingMode : 'Manual';
  const change = (next: SchedulingMode) => {
    if (!project.data) return;
    patch.mutate(
      { id: projectId, version: project.data.version, ops: [{ op: 'replace', path: '/schedulingMode', value: next }] },
      { onError: (e) => message.error(errorText(t, isApiError(e) ? e.code : 'unknown')) },
    );
  };
  return (
    <Segmented<SchedulingMode>
      aria-label={t('projects.gantt.schedulingMode')}
      value={mode}
      disabled={!project.data || patch.isPending}
      onChange={change}
      options={SCHEDULING_MODES.map((value) => ({ value, label: t(MODE_CAPTIONS[value]) }))}
    />
  );
}
