import { TASK_LINK_DIRECTIONS, taskEntity, type EntityRecord, type TaskLinkDirection, type TaskLinkView } from '@atrium/domain';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, List, Popconfirm, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { workspaceKey } from '../../platform/api/query-keys';
import { errorText } from '../../platform/feedback/form-errors';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { useRecordEvents } from '../../platform/live/use-live-events';
import { useAccess } from '../../platform/permissions/use-access';

const linksPath = (taskId: string) => `${taskEntity.basePath}/${taskId}/links`;

// A task's links (Plan.LinkTasks): what blocks it, what it blocks and what relates to it, each
// opening the other task; a link is added by picking a task and how it relates, and removed after
// a confirmation. The server refuses a link that would make a task wait for itself.
export function TaskLinks({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { can } = useAccess();
  const key = workspaceKey('task-links', record.id);
  const links = useQuery({ queryKey: key, queryFn: () => apiRequest<TaskLinkView[]>(linksPath(record.id)) });
  useRecordEvents('Task', record.id, () => void qc.invalidateQueries({ queryKey: key }));
  const [direction, setDirection] = useState<TaskLinkDirection>('blocks');
  const [other, setOther] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canEdit = can({ permissions: [taskEntity.permissions.manage] });
  // a cycle's message names its tasks (ABC-1 → ABC-2 → ABC-1); the other refusals read as their code says
  const failed = (e: unknown) => {
    if (!isApiError(e)) return t('entity.saveFailed');
    if (e.code === 'dependencyCycle') return `${errorText(t, e.code)} ${e.message}`;
    return e.code === 'unique' ? t('projects.taskLinks.alreadyLinked') : errorText(t, e.code);
  };

  const add = useMutation({
    mutationFn: () => apiRequest<TaskLinkView>(linksPath(record.id), { method: 'POST', body: { taskId: other, kind: direction } }),
    onSuccess: () => {
      setOther(null);
      setProblem(null);
      message.success(t('projects.taskLinks.added'));
    },
    onError: (e) => setProblem(failed(e)),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<void>(`${linksPath(record.id)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => message.success(t('projects.taskLinks.removed')),
    onError: (e) => message.error(failed(e)),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });

  if (links.isPending) return <Skeleton active />;
  if (links.isError) return <Typography.Text type="danger">{t('projects.taskLinks.loadFailed')}</Typography.Text>;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {canEdit ? (
        <Space wrap align="start">
          <Select
            aria-label={t('projects.taskLinks.how')}
            value={direction}
            onChange={setDirection}
            style={{ minWidth: 160 }}
            options={TASK_LINK_DIRECTIONS.map((d) => ({ value: d, label: t(`projects.taskLinks.direction.${d}`) }))}
          />
          <div style={{ minWidth: 240 }}>
            <ReferencePicker
              lookup="Task"
              aria-label={t('projects.taskLinks.other')}
              value={other}
              onChange={(v) => setOther(v as string | null)}
              exclude={[record.id]}
            />
          </div>
          <Button type="primary" disabled={!other} loading={add.isPending} onClick={() => add.mutate()}>
            {t('projects.taskLinks.add')}
          </Button>
        </Space>
      ) : null}
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
      {links.data.length === 0 ? (
        <Empty description={t('projects.taskLinks.none')} />
      ) : (
        <List
          dataSource={links.data}
          renderItem={(link) => (
            <List.Item
              actions={
                canEdit
                  ? [
                      <Popconfirm
                        key="remove"
                        title={t('projects.taskLinks.removeConfirm', { number: link.task.number })}
                        onConfirm={() => remove.mutate(link.id)}
                      >
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('projects.taskLinks.remove', { number: link.task.number })}
                        />
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Space wrap>
                <Typography.Text type="secondary">{t(`projects.taskLinks.direction.${link.direction}`)}</Typography.Text>
                <Link to={`${taskEntity.web.path}/${link.task.id}`}>
                  {link.task.number} {link.task.title}
                </Link>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
