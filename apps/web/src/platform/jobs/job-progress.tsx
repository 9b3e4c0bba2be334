import type { JobStatus } from '@atrium/domain';
import { Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
import { StatusTag } from '../feedback/status-tag';
import { useCancelJob, useJob, useRetryJob } from './jobs.api';

type Props = {
  jobId: string;
  // names the progress bar for assistive technology ("Clean-up progress")
  label: string;
};

const TONE: Record<JobStatus, 'info' | 'success' | 'warning'> = {
  queued: 'info',
  running: 'info',
  succeeded: 'success',
  failed: 'warning',
  cancelled: 'warning',
};

// Progress of any job (imports, exports, campaigns, the clean-up): a bar with counts, errors so
// far, the job's message, and cancel or retry. Live: it moves as the job's events arrive.
export function JobProgress({ jobId, label }: Props) {
  const { t } = useTranslation();
  const job = useJob(jobId);
  const cancel = useCancelJob();
  const retry = useRetryJob();
  const data = job.data;
  if (!data) return job.isError ? <Typography.Text type="danger">{t('jobs.loadFailed')}</Typography.Text> : null;

  const { done, total, errors, message } = data.progress;
  const percent = total ? Math.round((done / total) * 100) : data.status === 'succeeded' ? 100 : 0;
  const counts = total !== null ? t('jobs.counts', { done, total }) : t('jobs.countsOpen', { done });
  const status =
    data.status === 'failed' ? 'exception' : data.status === 'succeeded' ? 'success' : data.status === 'running' ? 'active' : 'normal';
  const mutationError = cancel.error ?? retry.error;

  return (
    <div className="job-progress">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space>
          <StatusTag tone={TONE[data.status]}>{t(`jobs.status.${data.status}`)}</StatusTag>
          <Typography.Text>{counts}</Typography.Text>
          {errors > 0 ? <Typography.Text type="danger">{t('jobs.errors', { count: errors })}</Typography.Text> : null}
        </Space>
        {data.status === 'queued' || data.status === 'running' ? (
          <Button size="small" loading={cancel.isPending} onClick={() => cancel.mutate(jobId)}>
            {t('jobs.cancel')}
          </Button>
        ) : null}
        {data.status === 'failed' || data.status === 'cancelled' ? (
          <Button size="small" loading={retry.isPending} onClick={() => retry.mutate(jobId)}>
            {t('jobs.retry')}
          </Button>
        ) : null}
      </Space>
      <Progress percent={percent} status={status} aria-label={label} aria-valuetext={counts} />
      {message ? <Typography.Paragraph type="secondary">{message}</Typography.Paragraph> : null}
      {data.error ? <Typography.Paragraph type="danger">{data.error}</Typography.Paragraph> : null}
      {mutationError ? (
        <Typography.Paragraph type="danger">
          {errorText(t, isApiError(mutationError) ? mutationError.code : 'internalServerError')}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}
