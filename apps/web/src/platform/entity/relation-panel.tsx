import { SearchInput } from '../feedback/search-input';
import { paginationLabels } from '../feedback/pagination-labels';
import { DisconnectOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZES, type EntityRecord, type EntityRelation, type PageSize } from '@atrium/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { EmptyState } from '../feedback/empty-state';
import { errorText } from '../feedback/form-errors';
import { useDebouncedValue } from '../feedback/use-debounced-value';
import { useAccess } from '../permissions/use-access';
import { entityApi, type EntityApi } from './entity-api';
import type { Paged } from './list-definition';
import { EntityCreateModal } from './entity-create.modal';
import { useEntityText } from './entity-text';
import { ReferencePicker } from './reference-picker';
import { definitionOf, recordPath, webEntityOf } from './web-entity';
import { rowsLoading } from '../api/rows-loading';

// The records of a many-to-many relation (an organization's contacts): search, page, link one
// more, unlink, or create a new one that belongs here. Members through the reference field
// (`alsoVia`) are marked as such and are unlinked by changing that field, not here.
export function RelationPanel({ api, record, relation }: { api: EntityApi; record: EntityRecord; relation: EntityRelation }) {
  const target = entityApi(definitionOf(relation.target));
  const { t, text } = useEntityText(target.definition);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const { can } = useAccess();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [linking, setLinking] = useState<string | null | false>(false);
  const [creating, setCreating] = useState(false);
  const debounced = useDebouncedValue(search, 300);
  const key = api.keys.related(record.id, relation.path);
  const list = useQuery({
    queryKey: [...key, debounced, page, pageSize],
    queryFn: () =>
      apiRequest<Paged<EntityRecord>>(api.paths.related(record.id, relation.path), {
        method: 'POST',
        body: { page, pageSize, ...(debounced ? { search: debounced } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: ({ ids, link }: { ids: string[]; link: boolean }) =>
      apiRequest<{ ids: string[] }>(`${api.paths.related(record.id, relation.path)}/${link ? 'link' : 'unlink'}`, {
        method: 'POST',
        body: { ids },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
  const canManage = can({ permissions: [api.definition.permissions.manage] });
  const hasPages = webEntityOf(relation.target) !== undefined;
  const viaMember = (r: EntityRecord) => relation.alsoVia !== undefined && r[relation.alsoVia] === record.id;
  const fail = (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));

  const unlink = async (r: EntityRecord) => {
    const ok = await confirm({
      title: t('entity.unlinkTitle', { title: r.title }),
      description: t('entity.unlinkText', { title: r.title, from: record.title }),
      okText: t('entity.unlink'),
      danger: true,
    });
    if (ok) change.mutate({ ids: [r.id], link: false }, { onError: fail });
  };

  return (
    <Card
      title={t(relation.label)}
      extra={
        canManage ? (
          <Space wrap>
            <Button icon={<LinkOutlined />} onClick={() => setLinking(null)}>
              {text('entity.linkExisting')}
            </Button>
            {/* a kind without pages (custom queries) is made where it is made, not here */}
            {hasPages && can({ permissions: [target.definition.permissions.create] }) ? (
              <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {text('entity.create')}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
    >
      <SearchInput
        aria-label={text('entity.search')}
        placeholder={text('entity.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        style={{ maxWidth: 280, marginBottom: 12 }}
      />
      <div style={{ overflowX: 'auto' }}>
        <Table<EntityRecord>
          rowKey="id"
          size="small"
          loading={rowsLoading(list)}
          dataSource={list.data?.data ?? []}
          locale={{
            emptyText: <EmptyState description={debounced ? text('entity.noMatch', { search: debounced }) : text('entity.empty')} />,
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            ...paginationLabels(t),
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s as PageSize);
            },
          }}
          columns={[
            {
              key: 'title',
              title: t('entity.name'),
              render: (_: unknown, r) => {
                const path = recordPath(relation.target, r.id);
                return path ? <Link to={path}>{r.title || t('entity.untitled')}</Link> : r.title || t('entity.untitled');
              },
            },
            ...target.definition.defaultColumns
              .filter((c) => target.definition.fields[c]?.kind !== 'reference')
              .slice(0, 2)
              .map((c) => ({
                key: c,
                title: t(target.definition.fields[c]?.label ?? c),
                render: (_: unknown, r: EntityRecord) => String(r[c] ?? ''),
              })),
            {
              key: 'actions',
              title: <span className="visually-hidden">{t('list.actions')}</span>,
              align: 'right' as const,
              render: (_: unknown, r) =>
                viaMember(r) ? (
                  <Tag>{t(target.definition.fields[relation.alsoVia ?? '']?.label ?? '')}</Tag>
                ) : canManage ? (
                  <Button
                    type="text"
                    icon={<DisconnectOutlined />}
                    aria-label={t('entity.unlinkNamed', { title: r.title })}
                    onClick={() => void unlink(r)}
                  />
                ) : null,
            },
          ]}
        />
      </div>
      <Modal
        open={linking !== false}
        title={text('entity.linkExisting')}
        okText={t('entity.link')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !linking }}
        confirmLoading={change.isPending}
        onCancel={() => setLinking(false)}
        onOk={() =>
          linking &&
          change.mutate(
            { ids: [linking], link: true },
            {
              onSuccess: () => {
                setLinking(false);
                message.success(t('entity.linked'));
              },
              onError: fail,
            },
          )
        }
        destroyOnHidden
      >
        <ReferencePicker
          lookup={relation.target}
          aria-label={text('entity.linkExisting')}
          value={linking || null}
          onChange={(v) => setLinking(typeof v === 'string' ? v : null)}
        />
      </Modal>
      <EntityCreateModal
        api={target}
        open={creating}
        onClose={() => setCreating(false)}
        {...(relation.alsoVia ? { initialValues: { [relation.alsoVia]: record.id } } : {})}
        onCreated={(r) => {
          if (relation.alsoVia) void qc.invalidateQueries({ queryKey: key });
          else change.mutate({ ids: [r.id], link: true });
        }}
      />
    </Card>
  );
}
