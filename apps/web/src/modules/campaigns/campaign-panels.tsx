import { DownloadOutlined, PauseCircleOutlined, PlayCircleOutlined, ScheduleOutlined, SendOutlined, SyncOutlined } from '@ant-design/icons';
import {
  campaignEntity,
  RECIPIENT_STATES,
  segmentEntity,
  type CampaignRecipient,
  type EntityRecord,
  type RecipientState,
} from '@atrium/domain';
import { Alert, App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { formatDate } from '../../platform/dates/format-date';
import { useEntityText } from '../../platform/entity/entity-text';
import { errorText } from '../../platform/feedback/form-errors';
import { saveFile } from '../../platform/import-export/import-export.api';
import { JobProgress } from '../../platform/jobs/job-progress';
import { isFinished, useJob } from '../../platform/jobs/jobs.api';
import { useAccess } from '../../platform/permissions/use-access';
import { LiveCount } from './campaign-editors';
import {
  useCampaignAction,
  useCampaignRecipients,
  useRebuildSegment,
  useSegmentCount,
  useSegmentRecipients,
  type CampaignAction,
} from './campaigns.api';

// presets whose text keeps a 4.5:1 contrast on their own background (cyan and green do not);
// skipped: antd's orange text on its background is about 3:1, so orange-9 text (#873800) on
// the orange background, about 8:1 (WCAG AA)
const STATE_COLORS: Record<RecipientState, string> = {
  queued: 'default',
  sent: 'blue',
  skipped: 'orange',
  opened: 'geekblue',
  clicked: 'purple',
  bounced: 'red',
  unsubscribed: 'magenta',
};
const STATE_STYLES: Partial<Record<RecipientState, CSSProperties>> = { skipped: { color: '#873800' } };

// Send now, schedule, suspend and resume on a campaign's page, as its status allows; sending
// is confirmed first, a refusal shows its own words.
export function CampaignActions({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(campaignEntity);
  const { can } = useAccess();
  const { message, modal } = App.useApp();
  const call = useCampaignAction(record.id);
  if (!can({ permissions: [campaignEntity.permissions.manage] })) return null;
  const run = (action: CampaignAction) =>
    call.mutateAsync(action).catch((e: unknown) => {
      void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError'));
    });
  const status = String(record.status ?? 'Draft');
  const startable = status === 'Draft' || status === 'Scheduled';
  return (
    <Space wrap>
      {startable ? (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={call.isPending && call.variables === 'send'}
          onClick={() =>
            modal.confirm({
              title: t('campaigns.send'),
              content: t('campaigns.sendConfirm', { name: String(record.title ?? '') }),
              okText: t('campaigns.send'),
              onOk: () => run('send'),
            })
          }
        >
          {t('campaigns.send')}
        </Button>
      ) : null}
      {status === 'Draft' && record.scheduledAt ? (
        <Button icon={<ScheduleOutlined />} loading={call.isPending && call.variables === 'schedule'} onClick={() => void run('schedule')}>
          {t('campaigns.schedule')}
        </Button>
      ) : null}
      {status === 'Sending' || status === 'Scheduled' ? (
        <Button icon={<PauseCircleOutlined />} loading={call.isPending && call.variables === 'suspend'} onClick={() => void run('suspend')}>
          {t('campaigns.suspend')}
        </Button>
      ) : null}
      {status === 'Suspended' ? (
        <Button icon={<PlayCircleOutlined />} loading={call.isPending && call.variables === 'resume'} onClick={() => void run('resume')}>
          {t('campaigns.resume')}
        </Button>
      ) : null}
    </Space>
  );
}

const when = (v: string | null) => (v ? formatDate(v, 'dateTime') : '');

// A campaign's recipients with their state and times, filterable by state; refreshed while it sends.
export function CampaignRecipients({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(campaignEntity);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<RecipientState | undefined>();
  const list = useCampaignRecipients(record.id, page, state);
  const csv = `${campaignEntity.basePath}/${record.id}/recipients.csv${state ? `?state=${state}` : ''}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label={t('campaigns.campaign.field.status')}
          allowClear
          placeholder={t('campaigns.campaign.field.status')}
          style={{ minWidth: 200 }}
          value={state}
          onChange={(v: RecipientState | undefined) => {
            setState(v);
            setPage(1);
          }}
          options={RECIPIENT_STATES.map((s) => ({ value: s, label: t(`campaigns.state.${s}`) }))}
        />
        <Button icon={<DownloadOutlined />} onClick={() => void saveFile(csv, 'campaign-recipients.csv')}>
          {t('campaigns.exportCsv')}
        </Button>
      </Space>
      <Table<CampaignRecipient>
        rowKey="contactId"
        size="small"
        scroll={{ x: true }}
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        pagination={{ current: page, pageSize: 25, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'name', title: t('entity.name'), render: (_, r) => <Link to={`/contacts/${r.contactId}`}>{r.name}</Link> },
          { key: 'email', title: t('crm.contact.field.email'), dataIndex: 'email' },
          {
            key: 'state',
            title: t('campaigns.campaign.field.status'),
            render: (_, r) => (
              <Tag color={STATE_COLORS[r.state]} style={STATE_STYLES[r.state]}>
                {t(`campaigns.state.${r.state}`)}
                {r.skipReason ? ` (${t(`campaigns.skip.${r.skipReason}`)})` : ''}
              </Tag>
            ),
          },
          { key: 'sentAt', title: t('campaigns.campaign.field.sent'), render: (_, r) => when(r.sentAt) },
          { key: 'openedAt', title: t('campaigns.campaign.field.opened'), render: (_, r) => when(r.openedAt) },
          { key: 'clickedAt', title: t('campaigns.campaign.field.clicked'), render: (_, r) => when(r.clickedAt) },
          {
            key: 'bouncedAt',
            title: t('campaigns.campaign.field.bounced'),
            render: (_, r) => (r.bouncedAt ? `${when(r.bouncedAt)}${r.bounceStatus ? ` (${r.bounceStatus})` : ''}` : ''),
          },
          { key: 'unsubscribedAt', title: t('campaigns.campaign.field.unsubscribed'), render: (_, r) => when(r.unsubscribedAt) },
        ]}
      />
    </Space>
  );
}

// A segment's live count above its panels (its stored members, kept on every contact write),
// what is wrong with its filter when a field it names was deleted, and Rebuild: the repair job,
// confirmed first, its progress shown, the count read again when it is done.
export function SegmentCountBanner({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(segmentEntity);
  const { can } = useAccess();
  const { message, modal } = App.useApp();
  const count = useSegmentCount(record.id, Number(record.version));
  const rebuild = useRebuildSegment();
  const [jobId, setJobId] = useState<string | undefined>();
  const job = useJob(jobId);
  const done = isFinished(job.data);
  const { refetch } = count;
  useEffect(() => {
    if (done) void refetch();
  }, [done, refetch]);
  const problem = count.data?.problem;
  const start = () =>
    modal.confirm({
      title: t('campaigns.rebuild'),
      content: t('campaigns.rebuildConfirm', { name: String(record.title ?? '') }),
      okText: t('campaigns.rebuild'),
      onOk: () =>
        rebuild
          .mutateAsync(record.id)
          .then((started) => setJobId(started.id))
          .catch((e: unknown) => {
            void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError'));
          }),
    });
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Alert
        type="info"
        message={
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <LiveCount count={count.data?.count} pending={count.isPending} />
            {can({ permissions: [segmentEntity.permissions.manage] }) ? (
              <Button size="small" icon={<SyncOutlined />} loading={rebuild.isPending} onClick={start}>
                {t('campaigns.rebuild')}
              </Button>
            ) : null}
          </Space>
        }
        description={
          record.membersRebuiltAt ? (
            <Typography.Text type="secondary">
              {t('campaigns.rebuiltAt', { when: formatDate(String(record.membersRebuiltAt), 'dateTime') })}
            </Typography.Text>
          ) : undefined
        }
      />
      {problem ? (
        <Alert type="warning" showIcon message={t('campaigns.segmentBroken')} description={`${problem.field}: ${problem.message}`} />
      ) : null}
      {jobId ? <JobProgress jobId={jobId} label={t('campaigns.rebuildProgress')} /> : null}
    </Space>
  );
}

// The contacts a segment holds now.
export function SegmentRecipients({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(campaignEntity);
  const [page, setPage] = useState(1);
  const list = useSegmentRecipients(record.id, page, Number(record.version));
  return (
    <Table<EntityRecord>
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      loading={list.isPending}
      dataSource={list.data?.data ?? []}
      pagination={{ current: page, pageSize: 25, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { key: 'name', title: t('entity.name'), render: (_, r) => <Link to={`/contacts/${r.id}`}>{String(r.title ?? '')}</Link> },
        { key: 'email', title: t('crm.contact.field.email'), render: (_, r) => String(r.email ?? '') },
      ]}
    />
  );
}
