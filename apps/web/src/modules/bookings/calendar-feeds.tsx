import { CalendarOutlined, DeleteOutlined } from '@ant-design/icons';
import type { CalendarFeed } from '@atrium/domain';
import { Alert, App, Button, Empty, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { formatDate } from '../../platform/dates/format-date';
import { errorText } from '../../platform/feedback/form-errors';
import { useCalendarFeeds, useCreateCalendarFeed, useRevokeCalendarFeed } from './bookings.api';

// "Subscribe" (issue 22, decision 096): secret iCalendar addresses of my bookings, or of one
// resource's, for a calendar app — a new address is shown once to copy; each one in use says
// when a calendar app last read it and can be revoked (confirmed first).
export function CalendarFeedsButton({ resource }: { resource?: { id: string; title: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)}>
        {t('bookings.feeds.subscribe')}
      </Button>
      {open && <FeedsDialog resource={resource} onClose={() => setOpen(false)} />}
    </>
  );
}

function FeedsDialog({ resource, onClose }: { resource?: { id: string; title: string } | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const feeds = useCalendarFeeds(true);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [fresh, setFresh] = useState<CalendarFeed | null>(null);
  const mine = (feeds.data?.data ?? []).filter((f) => (f.resource?.id ?? null) === (resource?.id ?? null));
  const failed = (e: unknown) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError'));
  const remove = async (f: CalendarFeed) => {
    const ok = await confirm({
      title: t('bookings.feeds.revoke'),
      description: t('bookings.feeds.revokeConfirm'),
      okText: t('bookings.feeds.revoke'),
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(f.id, {
      onSuccess: () => {
        if (fresh?.id === f.id) setFresh(null);
        void message.success(t('bookings.feeds.revoked'));
      },
      onError: failed,
    });
  };
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      title={resource ? t('bookings.feeds.titleResource', { resource: resource.title }) : t('bookings.feeds.titleMine')}
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('bookings.feeds.intro')}</Typography.Paragraph>
        {fresh?.url ? (
          <Alert
            type="success"
            showIcon
            message={t('bookings.feeds.copyNow')}
            description={
              <Space.Compact style={{ width: '100%' }}>
                <Input readOnly aria-label={t('bookings.feeds.address')} value={fresh.url} onFocus={(e) => e.target.select()} />
                <Typography.Text copyable={{ text: fresh.url }} style={{ padding: '4px 8px' }} />
              </Space.Compact>
            }
          />
        ) : null}
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() => create.mutate(resource?.id ?? null, { onSuccess: setFresh, onError: failed })}
        >
          {t('bookings.feeds.create')}
        </Button>
        <List
          header={<Typography.Text strong>{t('bookings.feeds.existing')}</Typography.Text>}
          aria-label={t('bookings.feeds.existing')}
          loading={feeds.isLoading}
          dataSource={mine}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bookings.feeds.none')} /> }}
          renderItem={(f) => (
            <List.Item
              key={f.id}
              actions={[
                <Button
                  key="revoke"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('bookings.feeds.revoke')}: ${t('bookings.feeds.made', { when: formatDate(f.createdAt, 'dateTime') })}`}
                  onClick={() => void remove(f)}
                >
                  {t('bookings.feeds.revoke')}
                </Button>,
              ]}
            >
              <span>
                {[
                  t('bookings.feeds.made', { when: formatDate(f.createdAt, 'dateTime') }),
                  f.lastReadAt
                    ? t('bookings.feeds.lastRead', { when: formatDate(f.lastReadAt, 'dateTime') })
                    : t('bookings.feeds.neverRead'),
                ].join(', ')}
              </span>
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
