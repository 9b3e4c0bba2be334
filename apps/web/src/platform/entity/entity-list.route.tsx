import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { EntityColumn as ServerColumn, EntityDefinition, EntityRecord, RecordRef } from '@atrium/domain';
import { App, Button, Card, Skeleton, Space, Tag } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConfirm } from '../confirm/confirm-modal';
import { formatDate } from '../dates/format-date';
import { columnValue, formatColumnValue } from '../entity-fields/field-value';
import { LinkButton } from '../feedback/link-button';
import { useAccess } from '../permissions/use-access';
import { useWorkflows } from '../workflows/workflows.api';
import { entityApi } from './entity-api';
import { EntityCreateModal } from './entity-create.modal';
import type { BulkAction, EntityColumn, EntityFilterField, EntityListDefinition, EntityListRequest } from './entity-definition';
import { BoardView } from './board-view';
import { useEntityBulkActions } from './bulk-actions';
import { InlineEditor, inlineEditable } from './inline-editor';
import { EntityListPage } from './entity-list.page';
import { useEntityText } from './entity-text';
import { rememberList } from './list-context';
import { formatMoney, useWorkspaceCurrency } from './use-currency';
import { useRecordTypes } from './use-record-types';
import { recordPath, webEntityOf } from './web-entity';

type Cell = (record: EntityRecord) => ReactNode;

// Cells of a kind's columns, by field kind: references link to the record they name, enums and
// stages show their names, money its currency, dates their format.
function useCells(definition: EntityDefinition, columns: ServerColumn[]): Map<string, Cell> {
  const { t } = useEntityText(definition);
  const currency = useWorkspaceCurrency();
  const workflows = useWorkflows(definition.kind);
  const types = useRecordTypes(definition);
  const own = webEntityOf(definition.kind)?.cells;
  return useMemo(() => {
    const stages = new Map((workflows.data ?? []).flatMap((w) => w.stages.map((s) => [s.id, s.name] as const)));
    const typeNames = new Map((types.data ?? []).map((x) => [x.id, x.name] as const));
    const cells = new Map<string, Cell>();
    for (const c of columns) {
      const f = c.custom ? undefined : definition.fields[c.key];
      let cell: Cell;
      const mine = own?.[c.key];
      if (mine) cell = mine;
      else if (f?.kind === 'reference' && f.expand && f.target) {
        const target = f.target;
        const expand = f.expand;
        cell = (r) => {
          const ref = r[expand] as RecordRef | null | undefined;
          const path = ref ? recordPath(target, ref.id) : undefined;
          return ref ? path ? <Link to={path}>{ref.title}</Link> : ref.title : '';
        };
      } else if (c.key === 'workflowStage') cell = (r) => stages.get(String(r.workflowStage)) ?? '';
      else if (c.key === 'tags')
        cell = (r) => (
          <span className="cell-tags">
            {(r.tags ?? []).map((x) => (
              <Tag key={x.id} color={x.color} className="tag-chip">
                {x.name}
              </Tag>
            ))}
          </span>
        );
      else if (c.key === 'typeId') cell = (r) => typeNames.get(String(r.typeId)) ?? '';
      else if (f?.kind === 'enum') cell = (r) => (r[c.key] ? t(`${f.label}.${String(r[c.key])}`) : '');
      else if (f?.kind === 'money') cell = (r) => (typeof r[c.key] === 'number' ? formatMoney(r[c.key] as number, currency) : '');
      else if (!c.custom && (c.type === 'dateTime' || c.type === 'date'))
        cell = (r) => formatDate(typeof r[c.key] === 'string' ? (r[c.key] as string) : null, c.type === 'date' ? 'date' : 'dateTime');
      else cell = (r) => formatColumnValue(c, columnValue(r, c.key));
      cells.set(c.key, cell);
    }
    return cells;
  }, [columns, definition, own, t, currency, workflows.data, types.data]);
}

// The list page of any kind: columns, filters and sorts from the server's column catalogue (built-in
// and custom fields alike), the title as the first column, create, settings and bulk archive.
export function EntityListRoute({ definition }: { definition: EntityDefinition }) {
  const api = entityApi(definition);
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { can } = useAccess();
  const columns = api.useColumns();
  const setArchived = api.useSetArchived();
  const [creating, setCreating] = useState(false);
  const p = definition.permissions;
  const cells = useCells(definition, columns.data ?? []);
  const workflows = useWorkflows(definition.kind);
  const stageOptions = useMemo(
    () =>
      (workflows.data ?? []).flatMap((w) =>
        w.stages.map((s) => ({ value: s.id, label: (workflows.data?.length ?? 0) > 1 ? `${w.name}: ${s.name}` : s.name })),
      ),
    [workflows.data],
  );

  const more = useEntityBulkActions(api, columns.data ?? []);
  const archiving = useMemo<BulkAction<EntityRecord>[]>(() => {
    if (!definition.capabilities.archive || !can({ permissions: [p.manage] })) return [];
    const run = (archived: boolean) => async (selected: EntityRecord[]) => {
      const count = selected.length;
      const ok = await confirm({
        title: text(archived ? 'entity.archiveTitle' : 'entity.unarchiveTitle', { count }),
        description: text(archived ? 'entity.archiveText' : 'entity.unarchiveText', { count }),
        okText: t(archived ? 'entity.archive' : 'entity.unarchive'),
        danger: archived,
      });
      if (!ok) return false;
      await setArchived.mutateAsync({ ids: selected.map((r) => r.id), archived });
      message.success(text(archived ? 'entity.archived' : 'entity.unarchived', { count }));
      return true;
    };
    return [
      { key: 'archive', labelKey: 'entity.archive', when: 'active', run: run(true) },
      { key: 'unarchive', labelKey: 'entity.unarchive', when: 'archived', run: run(false) },
    ];
  }, [definition, can, p.manage, confirm, text, t, setArchived, message]);
  const bulkActions = useMemo(() => [...archiving, ...more.actions], [archiving, more.actions]);
  const editable = can({ permissions: [p.manage] });

  const list = useMemo<EntityListDefinition<EntityRecord> | null>(() => {
    if (!columns.data) return null;
    const titleColumn: EntityColumn<EntityRecord> = {
      key: definition.title.fields[definition.title.fields.length > 1 ? 1 : 0] ?? 'id',
      titleKey: 'entity.name',
      sortable: true,
      alwaysVisible: true,
      render: (r) => <Link to={`${definition.web.path}/${r.id}`}>{r.title || t('entity.untitled')}</Link>,
    };
    const titleFields = new Set(definition.title.fields);
    // the stage column edits and filters with the stages of the kind's workflows
    const withStages = (c: ServerColumn): ServerColumn => (c.key === 'workflowStage' ? { ...c, type: 'text', options: stageOptions } : c);
    const shown = columns.data.filter((c) => !titleFields.has(c.key));
    const label = (c: ServerColumn) => (c.custom ? { titleKey: c.key, title: c.label } : { titleKey: c.label });
    const filterFields: EntityFilterField[] = columns.data
      .filter((c) => c.filterable)
      .map((c) => {
        const f = c.custom ? undefined : definition.fields[c.key];
        const lookup = f?.target ?? (c.key === 'typeId' ? `${definition.kind}Type` : undefined);
        const options =
          c.key === 'workflowStage' ? stageOptions : c.options?.map((o) => ({ ...o, label: c.custom ? o.label : t(o.label) }));
        return {
          field: c.key,
          ...label(c),
          type: c.type as EntityFilterField['type'],
          ...(options ? { options } : {}),
          ...(lookup ? { lookup } : {}),
        };
      });
    return {
      listKey: definition.savedViewKey,
      entityKind: definition.kind,
      titleKey: `${definition.captionKey}.plural`,
      title: text('entity.title'),
      searchLabel: text('entity.search'),
      emptyText: text('entity.empty'),
      noMatchText: (search) => text(search ? 'entity.noMatch' : 'entity.noMatchFilters', { search }),
      rowKey: (r) => r.id,
      queryKey: api.keys.list,
      fetch: async (request) => {
        const page = await api.fetchList(request);
        rememberList(definition.kind, request, page);
        return page;
      },
      detailPath: (r) => `${definition.web.path}/${r.id}`,
      columns: [
        titleColumn,
        ...shown.map((c) => ({
          key: c.key,
          ...label(c),
          sortable: c.sortable,
          defaultVisible: c.visible,
          render: cells.get(c.key) ?? ((r: EntityRecord) => String(columnValue(r, c.key) ?? '')),
          ...(editable && inlineEditable(definition, withStages(c))
            ? { edit: (r: EntityRecord, done: () => void) => <InlineEditor api={api} column={withStages(c)} record={r} done={done} /> }
            : {}),
        })),
      ],
      resizable: true,
      ...(definition.capabilities.workflowStage
        ? { board: (request: EntityListRequest) => <BoardView api={api} request={request} /> }
        : {}),
      filterFields,
      archivable: definition.capabilities.archive,
      taggable: definition.capabilities.tags,
      multiSort: true,
      bulkActions,
    };
  }, [columns.data, definition, api, cells, bulkActions, t, text, editable, stageOptions]);

  if (columns.error) throw columns.error;
  if (!list) {
    return (
      <div className="page">
        <Card>
          <Skeleton active />
        </Card>
      </div>
    );
  }
  return (
    <>
      <EntityListPage
        definition={list}
        actions={
          <Space wrap>
            {can({ permissions: [p.settings] }) ? (
              <LinkButton to={definition.web.settingsPath} icon={<SettingOutlined />}>
                {t('entity.settings')}
              </LinkButton>
            ) : null}
            {can({ permissions: [p.create] }) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {text('entity.create')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <EntityCreateModal
        api={api}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(r) => navigate(`${definition.web.path}/${r.id}`)}
      />
      {more.dialogs}
    </>
  );
}
