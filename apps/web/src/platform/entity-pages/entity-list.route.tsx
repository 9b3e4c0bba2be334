import { CopyOutlined, DeleteOutlined, MoreOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { groupableFields, type EntityColumn, type EntityRecord, type ListGroup } from '@atrium/domain';
import { App, Button, Card, Dropdown, Skeleton, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../confirm/confirm-modal';
import { columnValue } from '../entity-fields/field-value';
import { LinkButton } from '../feedback/link-button';
import { TransferActions } from '../import-export/transfer-actions';
import { RoleScopeProvider } from '../permissions/role-scope';
import { roleOwnerOfFilters, useRoleScope } from '../entity/role-scope';
import { useAccess } from '../permissions/use-access';
import { useWorkflows } from '../workflows/workflows.api';
import { entityApi } from '../entity/entity-api';
import { EntityCreateModal } from '../entity/entity-create.modal';
import type { BulkAction, ListColumn, EntityFilterField, ListDefinition, EntityListRequest } from '../entity/list-definition';
import { BoardView, boardScopeOf } from '../entity/board-view';
import { useEntityBulkActions } from './bulk-actions';
import { RecycleBinDrawer } from './recycle-bin';
import { DuplicateGroupsDrawer } from './duplicate-groups';
import { InlineEditor, inlineEditable } from '../entity/inline-editor';
import { ListPage } from '../entity/list.page';
import { useEntityText } from '../entity/entity-text';
import { useCells } from '../entity/record-cells';
import { rememberList } from '../entity/list-context';
import type { WebEntity } from '../entity/web-entity';
import { addressFilters } from '../entity/use-list-state';

// the browser's calendar day: date groups (overdue, today…) are the user's, not the server's
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// The list page of any kind: columns, filters and sorts from the server's column catalogue (built-in
// and custom fields alike), the title as the first column, create, settings and bulk archive.
// A list filtered to one owner record (a project's tasks) offers what the caller's role there allows.
export function EntityListRoute({ entity }: { entity: WebEntity }) {
  const [owner, setOwner] = useState<string | undefined>(undefined);
  const { definition } = entity;
  // a kind whose stages belong to a record (a request's helpdesk) filters and edits its stage
  // column with the stages of the one record the list is filtered to, none otherwise
  const [stageScope, setStageScope] = useState<string | undefined>(undefined);
  const onRequest = useCallback(
    (request: EntityListRequest) => {
      setOwner(roleOwnerOfFilters(definition, request.filters));
      const field = definition.workflowScope?.field;
      const found = field ? request.filters.filter((f) => f.field === field && f.op === 'eq') : [];
      setStageScope(found.length === 1 && typeof found[0]?.value === 'string' ? found[0].value : undefined);
    },
    [definition],
  );
  // a board of one record's stages opened by its address (a project's board): the stages load
  // beside the column catalogue instead of after it (the board asks for the same query)
  const [params] = useSearchParams();
  const boardScope = params.get('m') === 'board' ? boardScopeOf(definition, { filters: addressFilters(params) ?? [] }) : undefined;
  useWorkflows(definition.kind, boardScope !== undefined, boardScope);
  const scoped = useRoleScope(definition, owner);
  return (
    <RoleScopeProvider permissions={scoped}>
      <EntityList entity={entity} onRequest={onRequest} stageScope={stageScope} />
    </RoleScopeProvider>
  );
}

function EntityList({
  entity,
  onRequest,
  stageScope,
}: {
  entity: WebEntity;
  onRequest: (request: EntityListRequest) => void;
  stageScope: string | undefined;
}) {
  const { definition, listActions } = entity;
  const api = entityApi(definition);
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { can } = useAccess();
  const columns = api.useColumns();
  const setArchived = api.useSetArchived();
  const [creating, setCreating] = useState(false);
  const [binOpen, setBinOpen] = useState(false);
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);
  const p = definition.permissions;
  const cells = useCells(definition, columns.data ?? []);
  const workflows = useWorkflows(
    definition.kind,
    definition.capabilities.workflowStage && (definition.workflowScope === undefined || stageScope !== undefined),
    stageScope,
  );
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

  const list = useMemo<ListDefinition<EntityRecord> | null>(() => {
    if (!columns.data) return null;
    // a list page keeps its views under the spec's list key; a kind without one has no page
    const listKey = definition.savedViewKey;
    if (!listKey) throw new Error(`${definition.kind} has no saved view key, so it has no list page`);
    const titleColumn: ListColumn<EntityRecord> = {
      key: definition.title.fields[definition.title.fields.length > 1 ? 1 : 0] ?? 'id',
      titleKey: 'entity.name',
      sortable: true,
      alwaysVisible: true,
      render: (r) => <Link to={`${definition.web.path}/${r.id}`}>{r.title || t('entity.untitled')}</Link>,
    };
    const titleFields = new Set(definition.title.fields);
    // the stage column edits and filters with the stages of the kind's workflows
    const withStages = (c: EntityColumn): EntityColumn => (c.key === 'workflowStage' ? { ...c, type: 'text', options: stageOptions } : c);
    const shown = columns.data.filter((c) => !titleFields.has(c.key));
    const label = (c: EntityColumn) => (c.custom ? { titleKey: c.key, title: c.label } : { titleKey: c.label });
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
    // "Group by": the kind's stage, options, links and dates, captioned as in the filters
    const groupable = new Set(groupableFields(definition));
    const groupFields = filterFields.filter((f) => groupable.has(f.field));
    const groupLabel = (by: string, g: ListGroup): string => {
      const field = groupFields.find((f) => f.field === by);
      const name = field?.title ?? t(field?.titleKey ?? by);
      if (g.value === null) return t('list.groupNone', { field: name });
      if (field?.type === 'date') return t(`list.group.${g.value}`);
      return g.title ?? field?.options?.find((o) => o.value === g.value)?.label ?? t('entity.untitled');
    };
    return {
      listKey,
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
      ...(groupFields.length > 0
        ? {
            grouping: {
              fields: groupFields.map((f) => ({ field: f.field, label: f.title ?? t(f.titleKey) })),
              queryKey: (by: string, request: EntityListRequest) => api.keys.groups(by, request),
              fetch: (by: string, request: EntityListRequest) => api.fetchGroups(request, by, localToday()),
              label: groupLabel,
              invalidates: api.keys.lists(),
            },
          }
        : {}),
      ...(listActions ? { toolbar: listActions } : {}),
      ...(definition.capabilities.workflowStage
        ? { board: (request: EntityListRequest) => <BoardView api={api} request={request} /> }
        : {}),
      filterFields,
      archivable: definition.capabilities.archive,
      taggable: definition.capabilities.tags,
      multiSort: true,
      bulkActions,
    };
  }, [columns.data, definition, api, cells, bulkActions, t, text, editable, stageOptions, listActions]);

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
  // the list's More actions: the kind's recycle bin, its likely duplicates
  const moreItems = [
    ...(can({ permissions: [p.delete] }) ? [{ key: 'recycle-bin', icon: <DeleteOutlined />, label: t('bin.title') }] : []),
    ...(definition.duplicates.length > 0 ? [{ key: 'duplicates', icon: <CopyOutlined />, label: t('duplicates.find') }] : []),
  ];
  return (
    <>
      <ListPage
        definition={list}
        onRequest={onRequest}
        actions={(shown) => (
          <Space wrap>
            <TransferActions definition={definition} scope={() => shown} />
            {can({ permissions: [p.settings] }) ? (
              <LinkButton to={definition.web.settingsPath} icon={<SettingOutlined />}>
                {t('entity.settings')}
              </LinkButton>
            ) : null}
            {moreItems.length > 0 ? (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: moreItems,
                  onClick: ({ key }) => (key === 'recycle-bin' ? setBinOpen(true) : setDuplicatesOpen(true)),
                }}
              >
                <Button icon={<MoreOutlined />} aria-label={t('entity.moreActions')} title={t('entity.moreActions')} />
              </Dropdown>
            ) : null}
            {can({ permissions: [p.create] }) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {text('entity.create')}
              </Button>
            ) : null}
          </Space>
        )}
      />
      <EntityCreateModal
        api={api}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(r) => navigate(`${definition.web.path}/${r.id}`)}
      />
      {more.dialogs}
      {can({ permissions: [p.delete] }) ? <RecycleBinDrawer api={api} open={binOpen} onClose={() => setBinOpen(false)} /> : null}
      {definition.duplicates.length > 0 ? (
        <DuplicateGroupsDrawer
          api={api}
          open={duplicatesOpen}
          onClose={() => setDuplicatesOpen(false)}
          canMerge={can({ permissions: [p.manage] })}
        />
      ) : null}
    </>
  );
}
