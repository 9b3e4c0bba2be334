import { CheckSquareOutlined } from '@ant-design/icons';
import { requestEntity, taskEntity, type EntityRecord } from '@atrium/domain';
import { Alert, App, Button, Form, Modal } from 'antd';
import { Link } from 'react-router';
import { useState } from 'react';
import { isApiError } from '../../platform/api/api-error';
import { useEntityText } from '../../platform/entity/entity-text';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { useRequestTask, useRequestTime } from './helpdesk.api';

// "Make a task" on a request without one: a task in the chosen project, which the request then
// shows (its Task field links to it).
export function MakeTaskAction({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(requestEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [projectId, setProjectId] = useState<string | null>(null);
  const call = useRequestTask(record.id, {
    onSuccess: (r) => {
      setOpen(false);
      void message.success(t('helpdesk.task.made', { number: r.task.number }));
    },
    onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
  });
  if (record.taskId || !can({ permissions: [requestEntity.permissions.manage, taskEntity.permissions.create] })) return null;
  return (
    <>
      <Button icon={<CheckSquareOutlined />} onClick={() => setOpen(true)}>
        {t('helpdesk.task.make')}
      </Button>
      <Modal
        open={open}
        title={t('helpdesk.task.make')}
        okText={t('helpdesk.task.make')}
        okButtonProps={{ disabled: !projectId }}
        confirmLoading={call.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => projectId && call.mutate({ projectId })}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('helpdesk.task.project')} htmlFor="request-task-project" required>
            <ReferencePicker
              id="request-task-project"
              lookup="Project"
              value={projectId}
              onChange={(v) => setProjectId(typeof v === 'string' ? v : null)}
              aria-label={t('helpdesk.task.project')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

const hoursAndMinutes = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

// The request's task, above its panels: it opens the task's page, and the time logged on the
// task shows here (the sum, and the entries on demand).
export function RequestTaskBanner({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(requestEntity);
  const task = record.task as { id: string; title: string } | null | undefined;
  const time = useRequestTime(record.id, task?.id ?? null);
  if (!task) return null;
  const entries = time.data?.data ?? [];
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <>
          {t('helpdesk.task.link')}: <Link to={`${taskEntity.web.path}/${task.id}`}>{task.title}</Link>
          {time.data && <> · {t('helpdesk.task.timeLogged', { time: hoursAndMinutes(time.data.totalMinutes) })}</>}
        </>
      }
      description={
        entries.length > 0 && (
          <details>
            <summary>{t('helpdesk.task.timeEntries', { count: entries.length })}</summary>
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {entries.map((e) => (
                <li key={e.id}>
                  {`${e.date} · ${hoursAndMinutes(e.minutes)}${e.userName ? ` · ${e.userName}` : ''}${e.note ? ` — ${e.note}` : ''}`}
                </li>
              ))}
            </ul>
          </details>
        )
      }
    />
  );
}
