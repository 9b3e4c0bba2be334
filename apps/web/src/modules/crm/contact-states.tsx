import { DownOutlined, MailOutlined } from '@ant-design/icons';
import { CONTACT_STATES, contactEntity, type ContactState, type EntityRecord } from '@atrium/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, Tag, type MenuProps } from 'antd';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { entityApi } from '../../platform/entity/entity-api';
import { useEntityText } from '../../platform/entity/entity-text';
import { useAccess } from '../../platform/permissions/use-access';

const contacts = entityApi(contactEntity);
const STATES = Object.keys(CONTACT_STATES) as ContactState[];
const isSet = (record: EntityRecord, state: ContactState) => Boolean(record[CONTACT_STATES[state]]);

// The calls of each state: on and off (spec: POST spam e-mails, PUT un-spam, block, unsubscribe).
const CALLS: Record<ContactState, (id: string, on: boolean) => { path: string; method: 'POST' | 'PUT'; body?: unknown }> = {
  blocked: (id, on) => ({ path: `${contactEntity.basePath}/${id}/block`, method: 'PUT', body: { blocked: on } }),
  spam: (id, on) =>
    on
      ? { path: `${contactEntity.basePath}/${id}/spam`, method: 'POST' }
      : { path: `${contactEntity.basePath}/${id}/unspam`, method: 'PUT' },
  unsubscribed: (id, on) => ({ path: `${contactEntity.basePath}/${id}/unsubscribe`, method: 'PUT', body: { unsubscribed: on } }),
};
const LABELS: Record<ContactState, [on: string, off: string]> = {
  blocked: ['crm.contact.state.block', 'crm.contact.state.unblock'],
  spam: ['crm.contact.state.markSpam', 'crm.contact.state.unspam'],
  unsubscribed: ['crm.contact.state.unsubscribe', 'crm.contact.state.resubscribe'],
};

// "E-mail status" on a contact's page: block, spam, unsubscribe and their way back.
export function ContactStateMenu({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(contactEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const change = useMutation({
    mutationFn: ({ state, on }: { state: ContactState; on: boolean }) => {
      const call = CALLS[state](record.id, on);
      return apiRequest<EntityRecord>(call.path, { method: call.method, ...(call.body ? { body: call.body } : {}) });
    },
    onSuccess: (saved) => {
      qc.setQueryData(contacts.keys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: workspaceKey('entity', 'Contact') });
      void qc.invalidateQueries({ queryKey: workspaceKey('activity') });
      void message.success(t('crm.contact.state.changed'));
    },
    onError: () => void message.error(t('crm.contact.state.failed')),
  });
  if (!can({ permissions: [contactEntity.permissions.manage] })) return null;
  const items: MenuProps['items'] = STATES.map((state) => {
    const on = !isSet(record, state);
    return { key: state, label: t(LABELS[state][on ? 0 : 1]), onClick: () => change.mutate({ state, on }) };
  });
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<MailOutlined />} loading={change.isPending}>
        <Space size={4}>
          {t('crm.contact.state.menu')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}

// The states a contact is in, above its panels.
export function ContactStateTags({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(contactEntity);
  const set = STATES.filter((s) => isSet(record, s));
  if (set.length === 0) return null;
  return (
    <Space size={4} wrap style={{ marginBottom: 12 }} aria-label={t('crm.contact.state.menu')}>
      {set.map((s) => (
        <Tag key={s} color={s === 'unsubscribed' ? 'default' : 'red'}>
          {t(`crm.contact.state.${s}`)}
        </Tag>
      ))}
    </Space>
  );
}
