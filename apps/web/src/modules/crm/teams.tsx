import { DeleteOutlined, LinkOutlined, MailOutlined, SaveOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  contactEntity,
  customQueryEntity,
  PERMISSION_MODULES,
  TEAM_INVITE_DAYS,
  teamEntity,
  type EntityRecord,
  type TeamInviteUrl,
  type TeamMember,
} from '@atrium/domain';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { formatDate } from '../../platform/dates/format-date';
import type { EntityListRequest } from '../../platform/entity/list-definition';
import { useEntityText } from '../../platform/entity/entity-text';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { EmptyState } from '../../platform/feedback/empty-state';
import { applyFieldErrors, errorText } from '../../platform/feedback/form-errors';
import { PermissionChecklist } from '../../platform/permissions/permission-checklist';
import { useAccess } from '../../platform/permissions/use-access';
import {
  useChangeTeamMembers,
  useContactTeams,
  useCreateTeamInvite,
  useResendTeamInvite,
  useRevokeTeamInvite,
  useSaveContactTeams,
  useSaveCustomQuery,
  useSaveTeamPermissions,
  useTeamMembers,
  useTeamPermissions,
  useTeamQueries,
  useTeamQueryMatches,
  type CustomQueryValues,
} from './teams.api';

// a team grants module permissions, never the workspace's settings
const GRANTABLE_MODULES = PERMISSION_MODULES.filter((m) => m !== 'Setting');

function useFail() {
  const { t } = useEntityText(teamEntity);
  const { message } = App.useApp();
  return (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));
}

// Members of a team (workspace users): add several at once, remove one (never the last).
export function TeamMembers({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(teamEntity);
  const { can } = useAccess();
  const confirm = useConfirm();
  const fail = useFail();
  const [adding, setAdding] = useState<string[]>([]);
  const members = useTeamMembers(record.id);
  const change = useChangeTeamMembers(record.id);
  const manage = can({ permissions: [teamEntity.permissions.manage] });
  const remove = async (m: TeamMember) => {
    const ok = await confirm({
      title: t('crm.team.members.removeTitle', { name: m.name }),
      description: t('crm.team.members.removeText'),
      okText: t('crm.team.members.remove'),
      danger: true,
    });
    if (ok) change.mutate({ remove: [m.tenantUserId] }, { onError: fail });
  };
  return (
    <Card title={<h2 className="card-heading">{t('crm.team.members.title')}</h2>}>
      {manage ? (
        <Space.Compact style={{ width: '100%', maxWidth: 560, marginBottom: 16 }}>
          <ReferencePicker
            lookup="User"
            multiple
            aria-label={t('crm.team.members.pick')}
            placeholder={t('crm.team.members.pick')}
            value={adding}
            exclude={(members.data?.data ?? []).map((m) => m.tenantUserId)}
            onChange={(v) => setAdding(Array.isArray(v) ? v : v ? [v] : [])}
          />
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            disabled={adding.length === 0}
            loading={change.isPending}
            onClick={() => change.mutate({ add: adding }, { onSuccess: () => setAdding([]), onError: fail })}
          >
            {t('crm.team.members.add')}
          </Button>
        </Space.Compact>
      ) : null}
      {members.isError ? <Alert type="error" showIcon message={t('crm.team.loadFailed')} /> : null}
      <Table<TeamMember>
        rowKey="tenantUserId"
        size="small"
        loading={members.isPending}
        pagination={false}
        scroll={{ x: true }}
        dataSource={members.data?.data ?? []}
        locale={{ emptyText: <EmptyState description={t('crm.team.members.none')} /> }}
        columns={[
          { key: 'name', title: t('crm.team.members.name'), render: (_, m) => m.name },
          { key: 'email', title: t('crm.team.members.email'), render: (_, m) => m.email },
          {
            key: 'status',
            title: t('crm.team.members.status'),
            render: (_, m) =>
              m.status === 'invited' ? <Tag color="gold">{t('crm.team.members.invited')}</Tag> : t('crm.team.members.active'),
          },
          { key: 'added', title: t('crm.team.members.added'), render: (_, m) => formatDate(m.addedAt) },
          ...(manage
            ? [
                {
                  key: 'remove',
                  title: '',
                  render: (_: unknown, m: TeamMember) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('crm.team.members.removeOne', { name: m.name })}
                      onClick={() => void remove(m)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

// "Invite link" on a team's page: make (or replace) the URL, copy it, revoke it; and send the
// invitation again to members who have not joined.
export function TeamInviteAction({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(teamEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const fail = useFail();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(TEAM_INVITE_DAYS.default);
  const [link, setLink] = useState<TeamInviteUrl | null>(null);
  const create = useCreateTeamInvite(record.id, { onSuccess: setLink, onError: fail });
  const revoke = useRevokeTeamInvite(record.id, {
    onSuccess: () => {
      setLink(null);
      message.success(t('crm.team.invite.revoked'));
    },
    onError: fail,
  });
  const resend = useResendTeamInvite(record.id, {
    onSuccess: (r) => message.success(t('crm.team.invite.resent', { count: r.sent })),
    onError: fail,
  });
  if (!can({ permissions: [teamEntity.permissions.manage] })) return null;
  const onRevoke = async () => {
    const ok = await confirm({
      title: t('crm.team.invite.revokeTitle'),
      description: t('crm.team.invite.revokeText'),
      okText: t('crm.team.invite.revoke'),
      danger: true,
    });
    if (ok) revoke.mutate();
  };
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        {t('crm.team.invite.open')}
      </Button>
      <Modal open={open} title={t('crm.team.invite.title')} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Typography.Paragraph>{t('crm.team.invite.text')}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label={t('crm.team.invite.validFor')}
            value={days}
            onChange={setDays}
            style={{ minWidth: 140 }}
            options={[1, 7, 14, TEAM_INVITE_DAYS.max].map((d) => ({ value: d, label: t('crm.team.invite.days', { count: d }) }))}
          />
          <Button type="primary" loading={create.isPending} onClick={() => create.mutate(days)}>
            {link ? t('crm.team.invite.replace') : t('crm.team.invite.create')}
          </Button>
        </Space>
        {link ? (
          <>
            <Typography.Paragraph
              copyable={{ text: link.url }}
              code
              style={{ wordBreak: 'break-all' }}
              aria-label={t('crm.team.invite.url')}
            >
              {link.url}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              {t('crm.team.invite.expires', { date: formatDate(link.expiresAt, 'dateTime') })}
            </Typography.Paragraph>
          </>
        ) : null}
        <Space wrap>
          <Button danger onClick={() => void onRevoke()} loading={revoke.isPending}>
            {t('crm.team.invite.revoke')}
          </Button>
          {can({ permissions: ['Setting.ManageUsers'] }) ? (
            <Button icon={<MailOutlined />} loading={resend.isPending} onClick={() => resend.mutate()}>
              {t('crm.team.invite.resend')}
            </Button>
          ) : null}
        </Space>
      </Modal>
    </>
  );
}

// The module permissions the team grants its members; changed by those who manage permissions.
export function TeamPermissions({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(teamEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const fail = useFail();
  const [draft, setDraft] = useState<string[] | null>(null);
  const granted = useTeamPermissions(record.id);
  const save = useSaveTeamPermissions(record.id, {
    onSuccess: () => {
      setDraft(null);
      message.success(t('crm.team.permissions.saved'));
    },
    onError: fail,
  });
  const editable = can({ permissions: [teamEntity.permissions.manage, 'Setting.ManagePermissions'] });
  const value = draft ?? granted.data?.permissions ?? [];
  return (
    <Card
      title={<h2 className="card-heading">{t('crm.team.permissions.title')}</h2>}
      extra={
        editable ? (
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={draft === null}
            loading={save.isPending}
            onClick={() => save.mutate(value)}
          >
            {t('common.save')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('crm.team.permissions.text')}</Typography.Paragraph>
      {granted.isError ? <Alert type="error" showIcon message={t('crm.team.loadFailed')} /> : null}
      <PermissionChecklist modules={GRANTABLE_MODULES} value={value} disabled={!editable || granted.isPending} onChange={setDraft} />
    </Card>
  );
}

// The contacts a team's custom queries match now (query-defined membership), one card per query.
export function TeamQueryMembers({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(teamEntity);
  const queries = useTeamQueries(record.id);
  if (queries.isError) return <Alert type="error" showIcon message={t('crm.team.loadFailed')} />;
  if (queries.data && queries.data.data.length === 0) return <EmptyState description={t('crm.team.queries.none')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {(queries.data?.data ?? []).map((q) => (
        <QueryMatchesCard key={q.id} teamId={record.id} query={q} />
      ))}
    </Space>
  );
}

function QueryMatchesCard({ teamId, query }: { teamId: string; query: EntityRecord }) {
  const { t } = useEntityText(teamEntity);
  const matches = useTeamQueryMatches(teamId, query.id);
  const total = matches.data?.contacts.total ?? 0;
  return (
    <Card
      size="small"
      title={<h3 className="card-heading">{query.title}</h3>}
      extra={matches.data ? <Tag>{t('crm.team.queries.matching', { count: total })}</Tag> : null}
    >
      {matches.isError ? <Alert type="error" showIcon message={t('crm.team.loadFailed')} /> : null}
      <Table<EntityRecord>
        rowKey="id"
        size="small"
        loading={matches.isPending}
        pagination={false}
        scroll={{ x: true }}
        dataSource={matches.data?.contacts.data ?? []}
        locale={{ emptyText: <EmptyState description={t('crm.team.queries.noMatches')} /> }}
        columns={[
          {
            key: 'name',
            title: t('entity.name'),
            render: (_, r) => <Link to={`${contactEntity.web.path}/${r.id}`}>{r.title || t('entity.untitled')}</Link>,
          },
          { key: 'email', title: t('crm.contact.field.email'), render: (_, r) => String(r.email ?? '') },
          { key: 'jobTitle', title: t('crm.contact.field.jobTitle'), render: (_, r) => String(r.jobTitle ?? '') },
        ]}
      />
      {total > (matches.data?.contacts.data.length ?? 0) ? (
        <Typography.Text type="secondary">
          {t('crm.team.queries.more', { count: total - (matches.data?.contacts.data.length ?? 0) })}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

// The teams a contact belongs to (spec §7: related teams for a contact), chosen in one list.
export function ContactTeams({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(teamEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const fail = useFail();
  const [draft, setDraft] = useState<string[] | null>(null);
  const teams = useContactTeams(record.id);
  const save = useSaveContactTeams(record.id, {
    onSuccess: () => {
      setDraft(null);
      message.success(t('crm.team.contactTeams.saved'));
    },
    onError: fail,
  });
  const current = (teams.data?.data ?? []).map((x) => x.id);
  const editable = can({ permissions: [teamEntity.permissions.manage] });
  return (
    <Card title={<h2 className="card-heading">{t('crm.team.contactTeams.title')}</h2>}>
      {teams.isError ? <Alert type="error" showIcon message={t('crm.team.loadFailed')} /> : null}
      {editable ? (
        <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
          <ReferencePicker
            lookup="Team"
            multiple
            aria-label={t('crm.team.contactTeams.pick')}
            value={draft ?? current}
            onChange={(v) => setDraft(Array.isArray(v) ? v : v ? [v] : [])}
          />
          <Button type="primary" disabled={draft === null} loading={save.isPending} onClick={() => save.mutate(draft ?? current)}>
            {t('common.save')}
          </Button>
        </Space.Compact>
      ) : teams.data && teams.data.data.length === 0 ? (
        <EmptyState description={t('crm.team.contactTeams.none')} />
      ) : (
        <Space wrap>
          {(teams.data?.data ?? []).map((x) => (
            <Link key={x.id} to={`${teamEntity.web.path}/${x.id}`}>
              <Tag>{x.name}</Tag>
            </Link>
          ))}
        </Space>
      )}
    </Card>
  );
}

// "Save as custom query" on the contacts list: the list's search, filters and tags as they are.
export function SaveCustomQueryAction({ request }: { request: EntityListRequest }) {
  const { t } = useEntityText(customQueryEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CustomQueryValues>();
  const save = useSaveCustomQuery(request, {
    onSuccess: (row) => {
      setOpen(false);
      form.resetFields();
      message.success(t('crm.customQuery.saved', { name: row.title }));
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e, t, ['name', 'description']))
        message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));
    },
  });
  if (!can({ permissions: [customQueryEntity.permissions.create] })) return null;
  const filtered = (request.filters?.length ?? 0) > 0 || Boolean(request.search) || (request.tags?.length ?? 0) > 0;
  return (
    <>
      <Button
        icon={<SaveOutlined />}
        disabled={!filtered}
        title={filtered ? undefined : t('crm.customQuery.filterFirst')}
        onClick={() => setOpen(true)}
      >
        {t('crm.customQuery.saveAs')}
      </Button>
      <Modal
        open={open}
        title={t('crm.customQuery.saveTitle')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('crm.customQuery.saveText')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="name"
            label={t('crm.customQuery.field.name')}
            rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }]}
          >
            <Input autoFocus maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('crm.customQuery.field.description')}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
