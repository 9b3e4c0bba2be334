import { Avatar, Button, Card, List, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../feedback/use-debounced-value';
import type { RecordRef } from '../notes/notes.api';
import { addCollaborators, removeCollaborator, useCollaboratorMutation, useCollaborators, useMemberOptions } from './collaborators.api';

// Members who follow a record; they are notified of its notes, files and tag changes.
export function CollaboratorsPanel({ record, myTenantUserId }: { record: RecordRef; myTenantUserId?: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const list = useCollaborators(record);
  const members = useMemberOptions(debounced);
  const add = useCollaboratorMutation(record, (ids?: string[]) => addCollaborators(record, ids));
  const remove = useCollaboratorMutation(record, (id: string) => removeCollaborator(id));
  const current = list.data ?? [];
  const following = myTenantUserId ? current.some((c) => c.tenantUserId === myTenantUserId) : false;

  return (
    <Card
      title={t('collaborators.title', 'Collaborators')}
      size="small"
      style={{ marginTop: 16 }}
      aria-label={t('collaborators.title', 'Collaborators')}
      extra={
        myTenantUserId && !following ? (
          <Button size="small" onClick={() => add.mutate(undefined)}>
            {t('collaborators.follow', 'Follow')}
          </Button>
        ) : null
      }
    >
      <Select
        style={{ width: '100%', marginBottom: 8 }}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        placeholder={t('collaborators.add', 'Add a collaborator')}
        aria-label={t('collaborators.add', 'Add a collaborator')}
        value={null}
        options={(members.data ?? [])
          .filter((m) => !current.some((c) => c.tenantUserId === m.value))
          .map((m) => ({ value: m.value, label: `${m.label} (${m.description ?? ''})` }))}
        onChange={(value: string | null) => {
          if (value) add.mutate([value]);
        }}
      />
      <List
        size="small"
        loading={list.isLoading}
        dataSource={current}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                type="link"
                size="small"
                onClick={() => remove.mutate(c.id)}
                aria-label={`${t('collaborators.remove', 'Remove')} ${c.name}`}
              >
                {c.tenantUserId === myTenantUserId ? t('collaborators.unfollow', 'Unfollow') : t('collaborators.remove', 'Remove')}
              </Button>,
            ]}
          >
            <Space>
              <Tooltip title={c.email}>
                <Avatar size="small" src={c.pictureUrl ?? undefined}>
                  {c.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </Tooltip>
              {c.name}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
