import { taskEntity, type ChecklistItem, type EntityRecord } from '@atrium/domain';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Form, Input, Popconfirm, Progress, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { workspaceKey } from '../../platform/api/query-keys';
import { errorText } from '../../platform/feedback/form-errors';
import { useRecordEvents } from '../../platform/live/use-live-events';
import { useAccess } from '../../platform/permissions/use-access';
import './task-checklist.css';

const path = (taskId: string, itemId?: string) => `${taskEntity.basePath}/${taskId}/checklist${itemId ? `/${itemId}` : ''}`;

// A task's checklist: its progress, each item ticked with its checkbox, moved with the arrow
// buttons (keyboard), removed after a confirmation; a new item is typed and added with Enter.
// Changes made elsewhere arrive as the task's record events.
export function TaskChecklist({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { can } = useAccess();
  const canEdit = can({ permissions: [taskEntity.permissions.manage] });
  const key = workspaceKey('task-checklist', record.id);
  const items = useQuery({ queryKey: key, queryFn: () => apiRequest<ChecklistItem[]>(path(record.id)) });
  useRecordEvents('Task', record.id, () => void qc.invalidateQueries({ queryKey: key }));
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (e: unknown) => (isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));
  const settle = { onSettled: () => qc.invalidateQueries({ queryKey: key }), onError: (e: unknown) => message.error(failed(e)) };

  const add = useMutation({
    mutationFn: () => apiRequest<ChecklistItem>(path(record.id), { method: 'POST', body: { title } }),
    onSuccess: () => {
      setTitle('');
      setProblem(null);
    },
    onError: (e) => setProblem(failed(e)),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
  const update = useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) =>
      apiRequest<ChecklistItem>(path(record.id, id), { method: 'PATCH', body: { done } }),
    // the tick shows at once; a refusal puts it back when the list is read again
    onMutate: ({ id, done }) => qc.setQueryData<ChecklistItem[]>(key, (old) => old?.map((i) => (i.id === id ? { ...i, done } : i))),
    ...settle,
  });
  const move = useMutation({
    mutationFn: ({ id, afterId }: { id: string; afterId: string | null }) =>
      apiRequest<ChecklistItem>(`${path(record.id, id)}/sort-order`, { method: 'PUT', body: { afterId } }),
    ...settle,
  });
  const remove = useMutation({ mutationFn: (id: string) => apiRequest<void>(path(record.id, id), { method: 'DELETE' }), ...settle });

  if (items.isPending) return <Skeleton active />;
  if (items.isError) return <Typography.Text type="danger">{t('projects.checklist.loadFailed')}</Typography.Text>;
  const list = items.data;
  const done = list.filter((i) => i.done).length;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {list.length > 0 ? (
        <Space align="center" wrap>
          <Progress type="circle" size={36} percent={Math.round((done / list.length) * 100)} showInfo={false} aria-hidden />
          <Typography.Text>{t('projects.checklist.progress', { done, total: list.length })}</Typography.Text>
        </Space>
      ) : (
        <Empty description={t('projects.checklist.none')} />
      )}
      <ul className="plain-list checklist">
        {list.map((item, i) => (
          <li key={item.id} className="checklist-item">
            <Checkbox checked={item.done} disabled={!canEdit} onChange={(e) => update.mutate({ id: item.id, done: e.target.checked })}>
              <span className={item.done ? 'checklist-done' : undefined}>{item.title}</span>
            </Checkbox>
            {canEdit ? (
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  aria-label={t('projects.checklist.up', { title: item.title })}
                  onClick={() => move.mutate({ id: item.id, afterId: i >= 2 ? (list[i - 2]?.id ?? null) : null })}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === list.length - 1}
                  aria-label={t('projects.checklist.down', { title: item.title })}
                  onClick={() => move.mutate({ id: item.id, afterId: list[i + 1]?.id ?? null })}
                />
                <Popconfirm title={t('projects.checklist.removeConfirm', { title: item.title })} onConfirm={() => remove.mutate(item.id)}>
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('projects.checklist.remove', { title: item.title })}
                  />
                </Popconfirm>
              </Space>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <Form layout="inline" onFinish={() => title.trim() && add.mutate()}>
          <Form.Item validateStatus={problem ? 'error' : undefined} help={problem ?? undefined} style={{ flex: 1, minWidth: 200 }}>
            <Input
              aria-label={t('projects.checklist.new')}
              placeholder={t('projects.checklist.new')}
              value={title}
              maxLength={300}
              onChange={(e) => setTitle(e.target.value)}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} disabled={!title.trim()}>
            {t('projects.checklist.add')}
          </Button>
        </Form>
      ) : null}
    </Space>
  );
}
