import { DisconnectOutlined } from '@ant-design/icons';
import type { EntityKind } from '@atrium/domain';
import { App, Button, Card, List, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
import { useDebouncedValue } from '../feedback/use-debounced-value';
import type { RecordRef } from '../notes/notes.api';
import { linkRecords, unlinkRecords, useLinkedRecords, useLinkMutation, useRecordOptions } from './linked-records.api';

type Props = {
  record: RecordRef;
  // the kinds a user may search and link from here (kinds registered with the entity engine); the
  // first is chosen at the start
  kinds: readonly [EntityKind, ...EntityKind[]];
  // where a linked record opens, per kind
  pathOf?: (kind: EntityKind, id: string) => string | undefined;
};

// Records linked to this one, of any kind; a link shows on both records.
export function LinkedRecordsPanel({ record, kinds, pathOf }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [kind, setKind] = useState<EntityKind>(kinds[0]);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const links = useLinkedRecords(record);
  const options = useRecordOptions(kind, debounced);
  const link = useLinkMutation((id: string) => linkRecords(record, kind, id));
  const unlink = useLinkMutation((id: string) => unlinkRecords(id));
  const fail = (err: unknown) =>
    void message.error(isApiError(err) ? errorText(t, err.code) : t('linked.failed', 'Could not change the link'));

  return (
    <Card
      title={t('linked.title', 'Linked records')}
      size="small"
      style={{ marginTop: 16 }}
      aria-label={t('linked.title', 'Linked records')}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <Select
          aria-label={t('linked.kind', 'Record type')}
          value={kind}
          onChange={setKind}
          options={kinds.map((k) => ({ value: k, label: t(`entity.${k}`, k) }))}
          style={{ width: 160 }}
        />
        <Select
          style={{ flex: 1 }}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder={t('linked.search', 'Search a record to link')}
          aria-label={t('linked.search', 'Search a record to link')}
          value={null}
          options={(options.data ?? []).filter((o) => o.value !== record.entityId).map((o) => ({ value: o.value, label: o.label }))}
          onChange={(id: string | null) => {
            if (id) link.mutate(id, { onError: fail });
          }}
        />
      </Space.Compact>
      <List
        size="small"
        loading={links.isLoading}
        dataSource={links.data?.data ?? []}
        renderItem={(l) => {
          const to = pathOf?.(l.entityKind, l.entityId);
          const title = l.title || l.entityId;
          return (
            <List.Item
              actions={[
                <Button
                  key="unlink"
                  type="link"
                  size="small"
                  danger
                  icon={<DisconnectOutlined />}
                  aria-label={`${t('linked.unlink', 'Unlink')} ${title}`}
                  onClick={() => unlink.mutate(l.id, { onError: fail })}
                />,
              ]}
            >
              <Space>
                <Tag>{t(`entity.${l.entityKind}`, l.entityKind)}</Tag>
                {to ? <Link to={to}>{title}</Link> : title}
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
