import { DownOutlined, MailOutlined } from '@ant-design/icons';
import { CONTACT_STATES, contactEntity, type ContactState, type EntityRecord } from '@atrium/domain';
import { App, Button, Dropdown, Space, Tag, type MenuProps } from 'antd';
import { useEntityText } from '../../platform/entity/entity-text';
import { useAccess } from '../../platform/permissions/use-access';
import { useChangeContactState } from './contact-states.api';

const STATES = Object.keys(CONTACT_STATES) as ContactState[];
const isSet = (record: EntityRecord, state: ContactState) => Boolean(record[CONTACT_STATES[state]]);

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
  const change = useChangeContactState(record.id, {
    onSuccess: () => void message.success(t('crm.contact.state.changed')),
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
