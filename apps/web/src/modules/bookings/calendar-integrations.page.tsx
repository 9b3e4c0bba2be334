import { DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import type { CalendarIntegrations } from '@atrium/domain';
import { App, Button, Card, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { formatDate } from '../../platform/dates/format-date';
import { EmptyState } from '../../platform/feedback/empty-state';
import { errorText } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useAccess } from '../../platform/permissions/use-access';
import { useAuthorizeCalendar, useCalendarIntegrations, useRevokeCalendarIntegration } from './bookings.api';

type Connection = CalendarIntegrations['connections'][number];

// Settings → Calendar integrations (spec §7 Admin; decision 093 round six): Google and Microsoft
// 365 with whether this server has their OAuth client — without it Connect is disabled and the
// page says which settings configure it — and the workspace's calendar connections (the secret
// iCalendar feed URLs per member and per resource, and the Google and Microsoft 365 calendars members
// connected, with their account) with who made them, when, and when a calendar app last read them;
// each can be revoked, confirmed first.
export default function CalendarIntegrationsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const manage = can({ permissions: ['Setting.ManageIntegrations'] });
  const state = useCalendarIntegrations();
  const revoke = useRevokeCalendarIntegration();
  const authorize = useAuthorizeCalendar();
  usePageTitle(t('calendarIntegrations.title'));
  // back from the provider's consent (decision 093 round eight): ?connected=<provider>, said once
  const [search, setSearch] = useSearchParams();
  const connected = search.get('connected');
  const said = useRef(false);
  useEffect(() => {
    if ((connected !== 'google' && connected !== 'microsoft') || said.current) return;
    said.current = true;
    void message.success(t('calendarIntegrations.connected', { provider: t(`calendarIntegrations.provider.${connected}`) }));
    setSearch(
      (q) => {
        q.delete('connected');
        return q;
      },
      { replace: true },
    );
  }, [connected, message, setSearch, t]);
  // what a connection is of: an OAuth account, a resource's feed or the member's own bookings
  const calendarOf = (c: Connection) =>
    c.provider !== 'ical' ? (c.account ?? '—') : c.resource ? c.resource.title : t('calendarIntegrations.ownBookings');
  const failed = (e: unknown) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError'));

  const remove = async (c: Connection) => {
    const ok = await confirm({
      title: t('calendarIntegrations.revoke'),
      description:
        c.provider === 'ical'
          ? t('calendarIntegrations.revokeConfirm', { user: c.user.name })
          : t('calendarIntegrations.revokeConfirmAccount', {
              user: c.user.name,
              provider: t(`calendarIntegrations.provider.${c.provider}`),
            }),
      okText: t('calendarIntegrations.revoke'),
      danger: true,
    });
    if (ok) revoke.mutate(c.id, { onSuccess: () => void message.success(t('calendarIntegrations.revoked')), onError: failed });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('calendarIntegrations.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('calendarIntegrations.intro')}
      </Typography.Paragraph>
      {state.isPending ? (
        <Skeleton active />
      ) : state.isError ? (
        <Typography.Paragraph type="danger">
          {errorText(t, isApiError(state.error) ? state.error.code : 'internalServerError')}
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('calendarIntegrations.providers')}
          </Typography.Title>
          <Space wrap size={16} align="start">
            {state.data.providers.map((p) => {
              const name = t(`calendarIntegrations.provider.${p.provider}`);
              return (
                <Card key={p.provider} title={name} style={{ width: 320, maxWidth: '100%' }} role="region" aria-label={name}>
                  <Space direction="vertical" size={8} style={{ width: '100%' }}>
                    {p.configured ? (
                      <Tag color="green">{t('calendarIntegrations.configured')}</Tag>
                    ) : (
                      <>
                        <Tag>{t('calendarIntegrations.notConfigured')}</Tag>
                        <Typography.Text type="secondary" id={`calendar-${p.provider}-reason`}>
                          {t('calendarIntegrations.notConfiguredReason', { settings: p.settings.join(', ') })}
                        </Typography.Text>
                      </>
                    )}
                    <Button
                      type="primary"
                      icon={<LinkOutlined />}
                      disabled={!p.configured || !manage}
                      aria-describedby={p.configured ? undefined : `calendar-${p.provider}-reason`}
                      loading={authorize.isPending && authorize.variables === p.provider}
                      onClick={() =>
                        authorize.mutate(p.provider, {
                          // the provider's own consent page; it sends the member back with a code
                          onSuccess: (a) => window.location.assign(a.authorizationUrl),
                          onError: failed,
                        })
                      }
                    >
                      {t('calendarIntegrations.connect', { provider: name })}
                    </Button>
                  </Space>
                </Card>
              );
            })}
          </Space>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {t('calendarIntegrations.connections')}
          </Typography.Title>
          {state.data.connections.length === 0 ? (
            <EmptyState description={t('calendarIntegrations.none')} />
          ) : (
            <Table<Connection>
              rowKey="id"
              size="middle"
              pagination={false}
              scroll={{ x: 'max-content' }}
              aria-label={t('calendarIntegrations.connections')}
              dataSource={state.data.connections}
              columns={[
                {
                  key: 'provider',
                  title: t('calendarIntegrations.column.provider'),
                  render: (_, c) => t(`calendarIntegrations.provider.${c.provider}`),
                },
                { key: 'user', title: t('calendarIntegrations.column.user'), render: (_, c) => c.user.name },
                {
                  key: 'calendar',
                  title: t('calendarIntegrations.column.calendar'),
                  render: (_, c) => calendarOf(c),
                },
                { key: 'created', title: t('calendarIntegrations.column.created'), render: (_, c) => formatDate(c.createdAt, 'dateTime') },
                {
                  key: 'used',
                  title: t('calendarIntegrations.column.lastUsed'),
                  render: (_, c) => (c.lastUsedAt ? formatDate(c.lastUsedAt, 'dateTime') : t('calendarIntegrations.neverUsed')),
                },
                {
                  key: 'actions',
                  title: <span className="visually-hidden">{t('calendarIntegrations.revoke')}</span>,
                  render: (_, c) =>
                    manage ? (
                      <Button
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={`${t('calendarIntegrations.revoke')}: ${c.user.name}, ${calendarOf(c)}`}
                        onClick={() => void remove(c)}
                      >
                        {t('calendarIntegrations.revoke')}
                      </Button>
                    ) : null,
                },
              ]}
            />
          )}
        </>
      )}
    </Space>
  );
}
