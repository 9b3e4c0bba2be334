import {
  formatDuration,
  parseDuration,
  TIME_LOG_MAX_MINUTES,
  TIME_LOG_NOTE_MAX,
  type EntityRecord,
  type TaskTimer,
  type TimeLog,
  type UserTimeTotal,
} from '@atrium/domain';
import { DeleteOutlined, DownloadOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Input, List, Popconfirm, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { DateInput } from '../../platform/dates/date-input';
import { formatDate } from '../../platform/dates/format-date';
import { applyFieldErrors, errorText, maxLengthRule } from '../../platform/feedback/form-errors';
import { saveFile } from '../../platform/import-export/import-export.api';
import { useRecordEvents } from '../../platform/live/use-live-events';
import { useAccess } from '../../platform/permissions/use-access';
import {
  TIME_KEYS,
  TIME_PATHS,
  useDeleteTimeLog,
  useLogTime,
  useMyTimer,
  useProjectTimeLogs,
  useStartTimer,
  useStopTimer,
  useTaskTimeLogs,
} from './time-logs.api';

const PAGE_SIZE = 25;

// Time tracking needs Projects Pro: without it the tab says so instead of failing on every call.
function WorklogPlanGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { ready, can } = useAccess();
  if (!ready) return <Skeleton active />;
  if (!can({ permissions: ['Plan.TaskWorklog'] })) return <Alert type="info" showIcon message={t('projects.time.planRequired')} />;
  return <>{children}</>;
}

// A task's Time tab: the caller's timer, a form to log time by hand, and the task's logs.
export function TaskTime({ record }: { record: EntityRecord }) {
  return (
    <WorklogPlanGate>
      <TaskTimeBody taskId={record.id} />
    </WorklogPlanGate>
  );
}

function TaskTimeBody({ taskId }: { taskId: string }) {
  const qc = useQueryClient();
  // a change by anyone (another tab's timer, a colleague's log) refreshes the logs and the timer
  useRecordEvents('Task', taskId, () => void qc.invalidateQueries({ queryKey: TIME_KEYS.all() }));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TimerBar taskId={taskId} />
      <LogTimeForm taskId={taskId} />
      <TaskLogs taskId={taskId} />
    </Space>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

// mm:ss, and h:mm:ss from the first hour on
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const clock = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return h > 0 ? `${h}:${clock}` : clock;
}

// Ticks every second from the server's start time, so every tab shows the same time.
function Elapsed({ startedAt }: { startedAt: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <Typography.Text strong role="timer" aria-label={t('projects.time.timerElapsed')} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {elapsedText(now - Date.parse(startedAt))}
    </Typography.Text>
  );
}

function TimerBar({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const timer = useMyTimer();
  const start = useStartTimer(taskId);
  const stop = useStopTimer();
  const failed = (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));
  const onStop = () =>
    stop.mutate(undefined, {
      onSuccess: (log) => message.success(t('projects.time.timerStopped', { duration: formatDuration(log.minutes) })),
      onError: failed,
    });
  if (timer.isPending) return <Skeleton.Button active />;
  const running: TaskTimer | null = timer.data ?? null;
  if (running?.taskId === taskId)
    return (
      <Space wrap>
        <Elapsed startedAt={running.startedAt} />
        <Button icon={<PauseCircleOutlined />} loading={stop.isPending} onClick={onStop}>
          {t('projects.time.timerStop')}
        </Button>
      </Space>
    );
  return (
    <Space wrap>
      <Button icon={<PlayCircleOutlined />} loading={start.isPending} onClick={() => start.mutate(undefined, { onError: failed })}>
        {t('projects.time.timerStart')}
      </Button>
      {running ? (
        <Typography.Text type="secondary">
          {t('projects.time.timerElsewhere', { number: running.task.number, title: running.task.title })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

// `minutes` holds the duration as typed ("1h 30m" or minutes), so the server's field errors land on it
type LogFormValues = { date: Dayjs | null; minutes: string; note?: string };

function LogTimeForm({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LogFormValues>();
  const logTime = useLogTime(taskId);
  // "1h 30m" or minutes; the message says which part is wrong, next to the field
  const durationRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const minutes = parseDuration(value ?? '');
      if (minutes === undefined) throw new Error(t('projects.time.durationInvalid'));
      if (minutes < 1 || minutes > TIME_LOG_MAX_MINUTES) throw new Error(t('projects.time.durationRange'));
    },
  };
  const onFinish = (values: LogFormValues) => {
    const body = {
      date: (values.date ?? dayjs()).format('YYYY-MM-DD'),
      minutes: parseDuration(values.minutes) ?? 0,
      ...(values.note ? { note: values.note } : {}),
    };
    logTime.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        message.success(t('projects.time.logged'));
      },
      onError: (e) => {
        const shown = applyFieldErrors(form, e, t, ['date', 'minutes', 'note']);
        if (!shown) message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));
      },
    });
  };
  return (
    <Form form={form} layout="inline" onFinish={onFinish} initialValues={{ date: dayjs(), minutes: '' }} style={{ rowGap: 8 }}>
      <Form.Item name="date" label={t('projects.time.date')} rules={[{ required: true, message: t('projects.time.dateRequired') }]}>
        <DateInput allowClear={false} />
      </Form.Item>
      <Form.Item name="minutes" label={t('projects.time.duration')} rules={[durationRule]}>
        <Input placeholder={t('projects.time.durationPlaceholder')} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="note" label={t('projects.time.note')} rules={[maxLengthRule(t, TIME_LOG_NOTE_MAX)]}>
        <Input style={{ width: 220 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={logTime.isPending}>
          {t('projects.time.log')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function TaskLogs({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const logs = useTaskTimeLogs(taskId);
  if (logs.isPending) return <Skeleton active />;
  if (logs.isError) return <Typography.Text type="danger">{t('projects.time.loadFailed')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>{t('projects.time.total', { duration: formatDuration(logs.data.total.minutes) })}</Typography.Text>
      {logs.data.data.length === 0 ? <Empty description={t('projects.time.none')} /> : <LogList logs={logs.data.data} />}
    </Space>
  );
}

function LogList({ logs, showTask = false }: { logs: TimeLog[]; showTask?: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('projects.time.logs')}>
      <List
        dataSource={logs}
        renderItem={(log) => (
          <List.Item actions={log.editable ? [<DeleteLogButton key="delete" log={log} />] : []}>
            <Space wrap size={[12, 0]}>
              <Typography.Text>{formatDate(log.date)}</Typography.Text>
              <Typography.Text strong>{formatDuration(log.minutes)}</Typography.Text>
              <Typography.Text type="secondary">{log.user?.title ?? t('projects.time.formerMember')}</Typography.Text>
              {showTask ? <Typography.Text>{`${log.task.number} ${log.task.title}`}</Typography.Text> : null}
              {log.note ? <Typography.Text>{log.note}</Typography.Text> : null}
            </Space>
          </List.Item>
        )}
      />
    </section>
  );
}

function DeleteLogButton({ log }: { log: TimeLog }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteTimeLog();
  const onConfirm = () =>
    remove.mutate(log, {
      onSuccess: () => message.success(t('projects.time.removed')),
      onError: (e) => message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed')),
    });
  return (
    <Popconfirm title={t('projects.time.removeConfirm')} onConfirm={onConfirm}>
      <Button
        type="text"
        icon={<DeleteOutlined />}
        loading={remove.isPending}
        aria-label={t('projects.time.remove', { date: formatDate(log.date) })}
      />
    </Popconfirm>
  );
}

// A project's Time tab: its total, each member's, a page of its logs and the CSV file.
export function ProjectTime({ record }: { record: EntityRecord }) {
  return (
    <WorklogPlanGate>
      <ProjectTimeBody projectId={record.id} />
    </WorklogPlanGate>
  );
}

function ProjectTimeBody({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const logs = useProjectTimeLogs(projectId, page, PAGE_SIZE);
  if (logs.isPending) return <Skeleton active />;
  if (logs.isError) return <Typography.Text type="danger">{t('projects.time.loadFailed')}</Typography.Text>;
  const { data, count, total, perUser } = logs.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap align="end" size={24}>
        <Statistic title={t('projects.time.projectTotal')} value={formatDuration(total.minutes)} />
        <CsvButton projectId={projectId} />
      </Space>
      <PerUserTable rows={perUser} />
      {count === 0 ? (
        <Empty description={t('projects.time.none')} />
      ) : (
        <>
          <LogList logs={data} showTask />
          {count > PAGE_SIZE ? <PageButtons page={page} pages={Math.ceil(count / PAGE_SIZE)} onChange={setPage} /> : null}
        </>
      )}
    </Space>
  );
}

function PageButtons({ page, pages, onChange }: { page: number; pages: number; onChange: (p: number) => void }) {
  return (
    <Space>
      <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
        ‹
      </Button>
      <Typography.Text>{`${page} / ${pages}`}</Typography.Text>
      <Button disabled={page >= pages} onClick={() => onChange(page + 1)}>
        ›
      </Button>
    </Space>
  );
}

function PerUserTable({ rows }: { rows: UserTimeTotal[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Table<UserTimeTotal>
      size="small"
      pagination={false}
      title={() => t('projects.time.perUser')}
      rowKey={(r) => r.tenantUserId ?? 'former'}
      dataSource={rows}
      columns={[
        { key: 'member', title: t('projects.time.member'), render: (_, r) => r.title || t('projects.time.formerMember') },
        { key: 'minutes', title: t('projects.time.duration'), align: 'right', render: (_, r) => formatDuration(r.minutes) },
      ]}
    />
  );
}

function CsvButton({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // the file needs the session's token, so it is fetched and then saved rather than linked
  const onClick = async () => {
    setBusy(true);
    try {
      await saveFile(TIME_PATHS.projectCsv(projectId), 'time-logs.csv');
    } catch {
      message.error(t('projects.time.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void onClick()}>
      {t('projects.time.downloadCsv')}
    </Button>
  );
}
