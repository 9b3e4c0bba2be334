import { MergeCellsOutlined } from '@ant-design/icons';
import type { DuplicateList, EntityRecord } from '@atrium/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Modal, Radio, Skeleton, Space, Table, Typography, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { workspaceKey } from '../api/query-keys';
import { columnValue } from '../entity-fields/field-value';
import { errorText } from '../feedback/form-errors';
import { useDebouncedValue } from '../feedback/use-debounced-value';
import type { EntityApi } from './entity-api';
import { useEntityText } from './entity-text';
import { useCells } from './record-cells';
import { ReferencePicker } from './reference-picker';

// Duplicate keys as typed so far, and the records that already have them (decision 026).
// The title too (a similar name), once it has a few letters.
function useDuplicates(api: EntityApi, form: FormInstance, excludeId: string | undefined) {
  const keys = api.definition.duplicates;
  const titleFields = api.definition.title.fields;
  const watched = Form.useWatch((values: Record<string, unknown>) => [...keys, ...titleFields].map((k) => values?.[k]), form) as
    unknown[] | undefined;
  const check = useMemo(() => {
    const values: Record<string, string> = {};
    keys.forEach((k, i) => {
      const v = watched?.[i];
      if (typeof v === 'string' && v.trim().length >= 3) values[k] = v.trim();
    });
    const title = (watched ?? [])
      .slice(keys.length)
      .filter((v): v is string => typeof v === 'string')
      .join(' ')
      .trim();
    return { values, ...(title.length >= 4 ? { title } : {}) };
  }, [keys, watched]);
  const debounced = useDebouncedValue(check, 400);
  return useQuery({
    queryKey: workspaceKey('entity', api.definition.kind, 'duplicates', debounced, excludeId),
    queryFn: () =>
      apiRequest<DuplicateList>(api.paths.duplicates, {
        method: 'POST',
        body: { ...debounced, ...(excludeId ? { excludeId } : {}) },
      }),
    enabled: keys.length > 0 && (Object.keys(debounced.values).length > 0 || debounced.title !== undefined),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

// Under a create or record form: "A contact with this e-mail already exists: Ada Lovelace", each
// a link to the record; on a record page also a way to merge it into this one.
export function DuplicateWarning({
  api,
  form,
  excludeId,
  onMerge,
}: {
  api: EntityApi;
  form: FormInstance;
  excludeId?: string;
  onMerge?: (otherId: string) => void;
}) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const found = useDuplicates(api, form, excludeId);
  const matches = found.data?.data ?? [];
  if (definition.duplicates.length === 0 || matches.length === 0) return null;
  const fieldLabel = (key: string) => t(definition.fields[key]?.label ?? key);
  // "same e-mail, phone · similar name"
  const why = (matches: string[]) => {
    const same = matches.filter((k) => k !== 'title');
    return [
      ...(same.length > 0 ? [t('duplicates.same', { fields: same.map(fieldLabel).join(', ') })] : []),
      ...(matches.includes('title') ? [t('duplicates.similarName')] : []),
    ].join(' · ');
  };
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      message={text('duplicates.title', { count: matches.length })}
      description={
        <ul className="duplicate-list">
          {matches.map((m) => (
            <li key={m.id}>
              <Link to={`${definition.web.path}/${m.id}`} target={onMerge ? undefined : '_blank'}>
                {m.title || t('entity.untitled')}
              </Link>{' '}
              <Typography.Text type="secondary">
                {why(m.matches)}
                {m.archived ? ` · ${t('entity.archivedTag')}` : ''}
              </Typography.Text>
              {onMerge ? (
                <Button size="small" type="link" icon={<MergeCellsOutlined />} onClick={() => onMerge(m.id)}>
                  {t('merge.action')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      }
    />
  );
}

type Side = 'this' | 'other';
const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => x === null || (Array.isArray(x) && x.length === 0)));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// Merge another record into this one: pick it, choose per differing field whose value stays,
// confirm. Everything that hangs off the other moves here and the other is archived.
export function MergeDialog({
  api,
  record,
  otherId: initialOther,
  onClose,
}: {
  api: EntityApi;
  record: EntityRecord;
  otherId: string | undefined;
  onClose: () => void;
}) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const [otherId, setOtherId] = useState<string | undefined>(initialOther);
  const [take, setTake] = useState<Record<string, Side>>({});
  const other = useQuery({ ...api.recordQuery(otherId ?? ''), enabled: !!otherId });
  const columns = api.useColumns();
  const cells = useCells(definition, columns.data ?? []);
  const merge = api.useMerge();

  const rows = useMemo(() => {
    if (!other.data || !columns.data) return [];
    const writable = new Set(definition.writableFields);
    const o = other.data;
    return columns.data
      .filter((c) => (c.custom || writable.has(c.key)) && c.key !== 'tags')
      .map((c) => {
        const key = c.custom ? `customFields.${c.key}` : c.key;
        return { key, column: c, mine: columnValue(record, c.key), theirs: columnValue(o, c.key) };
      })
      .filter((r) => !same(r.mine, r.theirs));
  }, [other.data, columns.data, record, definition]);
  const sideOf = (r: (typeof rows)[number]): Side => take[r.key] ?? (isEmpty(r.mine) ? 'other' : 'this');

  const submit = () => {
    if (!other.data) return;
    const chosen = Object.fromEntries(rows.map((r) => [r.key, sideOf(r)]));
    merge.mutate(
      { id: record.id, version: record.version, body: { otherId: other.data.id, otherVersion: other.data.version, take: chosen } },
      {
        onSuccess: () => {
          message.success(t('merge.done', { title: other.data?.title }));
          onClose();
        },
        onError: (e) => message.error(isApiError(e) ? errorText(t, e.code) : t('merge.failed')),
      },
    );
  };

  const label = (r: (typeof rows)[number]) => (r.column.custom ? r.column.label : t(r.column.label));
  const show = (r: (typeof rows)[number], source: EntityRecord) => {
    const cell = cells.get(r.column.key);
    const value = cell ? cell(source) : null;
    return value === '' || value === null || value === undefined ? <Typography.Text type="secondary">—</Typography.Text> : value;
  };

  return (
    <Modal
      open
      width={760}
      title={text('merge.title', { title: record.title || t('entity.untitled') })}
      okText={t('merge.confirm')}
      okButtonProps={{ disabled: !other.data }}
      cancelText={t('common.cancel')}
      confirmLoading={merge.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Form layout="vertical">
          <Form.Item label={text('merge.other')} htmlFor="merge-other" style={{ marginBottom: 0 }}>
            <ReferencePicker
              id="merge-other"
              lookup={definition.kind}
              value={otherId ?? null}
              exclude={[record.id]}
              onChange={(v: unknown) => {
                setOtherId(typeof v === 'string' ? v : undefined);
                setTake({});
              }}
            />
          </Form.Item>
        </Form>
        {otherId && other.isLoading ? <Skeleton active /> : null}
        {other.data ? (
          <>
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {text('merge.explain', { title: other.data.title || t('entity.untitled') })}
            </Typography.Paragraph>
            {rows.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('merge.noDifferences')} />
            ) : (
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={rows}
                scroll={{ x: true }}
                columns={[
                  { key: 'field', title: t('merge.field'), render: (_: unknown, r) => label(r) },
                  {
                    key: 'choice',
                    title: t('merge.keep'),
                    render: (_: unknown, r) => (
                      <Radio.Group
                        aria-label={t('merge.choose', { field: label(r) })}
                        value={sideOf(r)}
                        onChange={(e) => setTake((x) => ({ ...x, [r.key]: e.target.value as Side }))}
                      >
                        <Space direction="vertical" size={2}>
                          <Radio value="this">{show(r, record)}</Radio>
                          <Radio value="other">{show(r, other.data as EntityRecord)}</Radio>
                        </Space>
                      </Radio.Group>
                    ),
                  },
                ]}
              />
            )}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
