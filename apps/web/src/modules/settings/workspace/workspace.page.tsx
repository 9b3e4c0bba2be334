import { App, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { errorText } from '../../../platform/feedback/form-errors';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { JobProgress } from '../../../platform/jobs/job-progress';
import { useLatestJob } from '../../../platform/jobs/jobs.api';
import { useAccess } from '../../../platform/permissions/use-access';
import { CLEANUP_JOB_TYPE, useStartCleanup } from './workspace.api';

// Workspace settings: the clean-up runs every hour; an admin can run it now and watch it.
export default function WorkspacePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const latest = useLatestJob(CLEANUP_JOB_TYPE);
  const start = useStartCleanup();
  const [startedId, setStartedId] = useState<string | null>(null);
  const jobId = startedId ?? latest.data?.id ?? null;
  usePageTitle(t('workspace.title'));

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (job) => setStartedId(job.id),
      onError: (error) => message.error(isApiError(error) ? errorText(t, error.code) : t('workspace.cleanupFailed')),
    });

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('workspace.title')}
        </Typography.Title>
      </div>
      <Card
        title={
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            {t('workspace.cleanup.title')}
          </Typography.Title>
        }
        extra={
          can({ permissions: ['Setting.ManageWorkspace'] }) ? (
            <Button type="primary" loading={start.isPending} onClick={onStart}>
              {t('workspace.cleanup.run')}
            </Button>
          ) : null
        }
      >
        <Typography.Paragraph>{t('workspace.cleanup.text')}</Typography.Paragraph>
        {jobId ? (
          <JobProgress jobId={jobId} label={t('workspace.cleanup.progress')} />
        ) : (
          <Typography.Text type="secondary">{t('workspace.cleanup.never')}</Typography.Text>
        )}
      </Card>
    </div>
  );
}
