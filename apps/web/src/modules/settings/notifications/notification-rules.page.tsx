import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { RULE_EVENTS, type EntityKind, type NotificationRule, type NotificationRuleWrite, type RuleRecipient } from '@atrium/domain';
import { App, Button, Card, Checkbox, Form, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { useConfirm } from '../../../platform/confirm/confirm-modal';
import { ReferencePicker } from '../../../platform/entity/reference-picker';
import { kindNames, webEntities } from '../../../platform/entity/web-entity';
import { applyFieldErrors, errorText } from '../../../platform/feedback/form-errors';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { useDeleteRule, useNotificationRules, useSaveRule } from '../../../platform/mail/mail.api';
import { useAccess } from '../../../platform/permissions/use-access';

const RECIPIENTS = ['owner', 'assignee', 'collaborators'] as const;
const ALL_KINDS = 'all';
type Values = {
  event: string;
  entityKind: string;
  channels: ('inApp' | 'email')[];
  recipients: string[];
  teams: string[];
  active: boolean;
};

function RuleEditor({ rule, onClose }: { rule: NotificationRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveRule();
  const initial: Values = rule
    ? {
        event: rule.event,
        entityKind: rule.entityKind ?? ALL_KINDS,
        channels: [...(rule.inApp ? (['inApp'] as const) : []), ...(rule.email ? (['email'] as const) : [])],
        recipients: rule.recipients.filter((r) => r.type !== 'team').map((r) => r.type),
        teams: rule.recipients.flatMap((r) => (r.type === 'team' ? [r.teamId] : [])),
        active: rule.active,
      }
    : { event: 'recordAssigned', entityKind: ALL_KINDS, channels: ['inApp', 'email'], recipients: ['assignee'], teams: [], active: true };
  const onFinish = (v: Values) => {
    const body: NotificationRuleWrite = {
      event: v.event,
      entityKind: v.entityKind === ALL_KINDS ? null : (v.entityKind as EntityKind),
      inApp: v.channels.includes('inApp'),
      email: v.channels.includes('email'),
      recipients: [
        ...(v.recipients ?? []).map((type) => ({ type }) as RuleRecipient),
        ...(v.teams ?? []).map((teamId) => ({ type: 'team' as const, teamId })),
      ],
      active: v.active,
    };
    save.mutate(
      { id: rule?.id, body },
      {
        onSuccess: () => {
          message.success(t('rules.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e, t, ['event', 'entityKind', 'recipients']))
            message.error(isApiError(e) ? errorText(t, e.code) : t('rules.saveFailed'));
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t(rule ? 'rules.edit' : 'rules.new')}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        <Form.Item name="event" label={t('rules.event')}>
          <Select options={RULE_EVENTS.map((e) => ({ value: e, label: t(`rules.events.${e}`) }))} />
        </Form.Item>
        <Form.Item name="entityKind" label={t('rules.kind')}>
          <Select
            options={[
              { value: ALL_KINDS, label: t('rules.allKinds') },
              ...webEntities().map((e) => ({ value: e.definition.kind, label: t(kindNames(e.definition).plural) })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="channels"
          label={t('rules.channels')}
          rules={[{ required: true, type: 'array', min: 1, message: errorText(t, 'required') }]}
        >
          <Checkbox.Group
            options={[
              { value: 'inApp', label: t('rules.inApp') },
              { value: 'email', label: t('rules.email') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="recipients"
          label={t('rules.recipients')}
          dependencies={['teams']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value?: string[]) => {
                if ((value?.length ?? 0) + ((getFieldValue('teams') as string[] | undefined)?.length ?? 0) === 0)
                  throw new Error(errorText(t, 'required'));
              },
            }),
          ]}
        >
          <Checkbox.Group options={RECIPIENTS.map((r) => ({ value: r, label: t(`rules.recipient.${r}`) }))} />
        </Form.Item>
        <Form.Item name="teams" label={t('rules.teams')}>
          <ReferencePicker lookup="Team" multiple aria-label={t('rules.teams')} />
        </Form.Item>
        <Form.Item name="active" label={t('rules.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// Settings → Notification rules: an event on records → in-app and/or e-mail to its recipients.
export default function NotificationRulesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const rules = useNotificationRules();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<NotificationRule | 'new' | null>(null);
  usePageTitle(t('rules.title'));
  const manage = can({ permissions: ['Setting.ManageNotifications'] });
  const kindLabel = (kind: string | null) => {
    const e = webEntities().find((x) => x.definition.kind === kind);
    return e ? t(kindNames(e.definition).plural) : t('rules.allKinds');
  };

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('rules.title')}
        </Typography.Title>
        {manage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('rules.new')}
          </Button>
        ) : null}
      </div>
      <Card>
        <Table<NotificationRule>
          rowKey="id"
          loading={rules.isLoading}
          dataSource={rules.data?.data ?? []}
          pagination={false}
          columns={[
            { key: 'event', title: t('rules.event'), render: (_, r) => t(`rules.events.${r.event}`, { defaultValue: r.event }) },
            { key: 'kind', title: t('rules.kind'), responsive: ['sm'], render: (_, r) => kindLabel(r.entityKind) },
            {
              key: 'channels',
              title: t('rules.channels'),
              responsive: ['md'],
              render: (_, r) => (
                <Space size={4} wrap>
                  {r.inApp ? <Tag>{t('rules.inApp')}</Tag> : null}
                  {r.email ? <Tag>{t('rules.email')}</Tag> : null}
                </Space>
              ),
            },
            {
              key: 'recipients',
              title: t('rules.recipients'),
              responsive: ['lg'],
              render: (_, r) => [...new Set(r.recipients.map((x) => t(`rules.recipient.${x.type}`)))].join(', '),
            },
            { key: 'active', title: t('rules.active'), responsive: ['md'], render: (_, r) => (r.active ? t('rules.on') : t('rules.off')) },
            ...(manage
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, r: NotificationRule) => (
                      <Space>
                        <Button
                          icon={<EditOutlined />}
                          aria-label={t('rules.editNamed', { event: t(`rules.events.${r.event}`) })}
                          onClick={() => setEditing(r)}
                        />
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('rules.deleteNamed', { event: t(`rules.events.${r.event}`) })}
                          onClick={async () => {
                            const ok = await confirm({ title: t('rules.deleteTitle'), okText: t('common.delete'), danger: true });
                            if (ok) remove.mutate(r.id, { onSuccess: () => message.success(t('rules.deleted')) });
                          }}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing ? <RuleEditor rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
