import { SearchInput } from '../feedback/search-input';
import { paginationLabels } from '../feedback/pagination-labels';
import { PAGE_SIZES, type ListFilter, type PageSize } from '@atrium/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Segmented, Select, Space, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { ControlOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../feedback/empty-state';
import { useRecordEventBursts } from '../live/use-live-events';
import { usePageTitle } from '../feedback/use-page-title';
import { useDebouncedValue } from '../feedback/use-debounced-value';
import { SavedViewPicker } from '../saved-views/saved-view-picker';
import { ColumnChooser } from './column-chooser';
import { FilterBuilder } from './filter-builder';
import { TagFilter } from '../tags/tag-filter';
import type { ListDefinition, EntityListRequest } from './list-definition';
import { fetchAllMatching, SELECT_ALL_LIMIT, useBulkSelection } from './use-bulk-selection';
import { useListState } from './use-list-state';
import { onGridKeyDown, ResizableHeader } from './list-grid';
import { GroupedList } from './list-groups';
import { useDensity, type Density } from './use-density';
import { ListCards } from './list-cards';
import { useMediaQuery } from '../feedback/use-media-query';
import { rowsLoading } from '../api/rows-loading';

type Props<T> = {
  definition: ListDefinition<T>;
  // page-level actions next to the title (Invite, Create…); a function gets the list as shown
  actions?: ReactNode | ((list: { request: EntityListRequest; columns: string[] }) => ReactNode);
  // per-row actions, rendered in a last column
  rowActions?: (record: T) => ReactNode;
  // told the list's request whenever it changes (the entity list narrows its permissions to the
  // record the list is filtered to, role-scope.tsx)
  onRequest?: (request: EntityListRequest) => void;
};

type Sort = { field: string; order: 'asc' | 'desc' };
type Sorter<T> = Extract<Parameters<NonNullable<TableProps<T>['onChange']>>[2], { order?: unknown }>;
const MAX_SORTS = 3;

// The table reports its sorted columns in column order; the list keeps them in the order the
// user clicked them (the first one sorts first), at most as many as the list query takes.
function nextSort<T>(current: Sort[], sorters: Sorter<T>[], multi: boolean): Sort[] {
  const reported = sorters.flatMap((s) =>
    s.order && typeof s.columnKey === 'string'
      ? [{ field: s.columnKey, order: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) }]
      : [],
  );
  if (!multi) {
    const changed = reported.find((r) => !current.some((c) => c.field === r.field && c.order === r.order)) ?? reported[0];
    return changed ? [changed] : [];
  }
  const kept = current.flatMap((c) => reported.filter((r) => r.field === c.field));
  const added = reported.filter((r) => !current.some((c) => c.field === r.field));
  return [...kept, ...added].slice(-MAX_SORTS);
}

// The one list page: search, filters, sortable columns, column chooser,
// saved views, page sizes 25/50/100 and bulk selection — all driven by the definition.
export function ListPage<T extends object>({ definition, actions, rowActions, onRequest }: Props<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState(definition);
  const { state, update } = list;
  // null: the box shows the list state's search (e.g. from a saved view); a string: typing
  const [searchText, setSearchText] = useState<string | null>(null);
  const search = useDebouncedValue(searchText, 300);
  const selection = useBulkSelection(definition.rowKey);
  const [density, setDensity] = useDensity();
  // table or board, in the address like the rest of the list
  const [params, setParams] = useSearchParams();
  const board = params.get('m') === 'board';
  const setBoard = (on: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (on) next.set('m', 'board');
        else next.delete('m');
        return next;
      },
      { replace: true },
    );
  // grouped by one field (g=, its own address parameter): the table shows a section per group
  const grouping = definition.grouping;
  const groupBy = !board && grouping?.fields.some((f) => f.field === state.groupBy) ? state.groupBy : null;
  const title = definition.title ?? t(definition.titleKey);
  const searchLabel = definition.searchLabel ?? t(definition.searchLabelKey ?? 'list.search');
  usePageTitle(title);

  // the debounced search box feeds the list state (and so saved views)
  if (searchText !== null && search === searchText && search !== state.search) update({ search });

  const request = list.request;
  useEffect(() => onRequest?.(request), [onRequest, request]);
  // the board and the groups load their own records: the table's call only when the table shows
  const showsBoard = board && definition.board !== undefined;
  const query = useQuery({
    queryKey: definition.queryKey(request),
    queryFn: () => definition.fetch(request),
    placeholderData: (previous) => previous,
    enabled: groupBy === null && !showsBoard,
  });
  const qc = useQueryClient();

  // the whole page is selected and more records match: offer them all (issue 26 polish)
  const { message } = App.useApp();
  const [selectingAll, setSelectingAll] = useState(false);
  const pageRows = query.data?.data ?? [];
  const matchingTotal = query.data?.total ?? 0;
  const pageSelected = pageRows.length > 0 && pageRows.every((r) => selection.keys.includes(definition.rowKey(r)));
  const matchingMore =
    groupBy === null && !showsBoard && pageSelected ? Math.min(matchingTotal, SELECT_ALL_LIMIT) - selection.keys.length : 0;
  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      selection.replace(await fetchAllMatching((page) => definition.fetch({ ...request, ...page }), definition.rowKey));
    } catch {
      void message.error(t('list.selectAllFailed'));
    } finally {
      setSelectingAll(false);
    }
  };

  // a record of this kind changed (anyone, any tab): reload the page shown, once per burst
  useRecordEventBursts(definition.entityKind, undefined, () => {
    if (groupBy !== null && grouping) void qc.invalidateQueries({ queryKey: grouping.invalidates });
    else if (!showsBoard) void query.refetch();
  });

  // a phone shows a card per record, and the toolbar behind one button
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const [toolsOpen, setToolsOpen] = useState(false);
  const [editing, setEditing] = useState<{ row: string; col: string } | null>(null);
  // the always-visible columns first, then the chosen ones in the chosen order
  const shown = useMemo(() => {
    const byKey = new Map(definition.columns.map((c) => [c.key, c]));
    return [
      ...definition.columns.filter((c) => c.alwaysVisible),
      ...state.columns.flatMap((k) => {
        const c = byKey.get(k);
        return c && !c.alwaysVisible ? [c] : [];
      }),
    ];
  }, [definition.columns, state.columns]);
  const columns = useMemo<TableColumnsType<T>>(() => {
    const cols: TableColumnsType<T> = shown.map((c, col) => {
      const at = state.sort.findIndex((s) => s.field === c.key);
      const sort = state.sort[at];
      const width = state.widths[c.key] ?? c.width;
      const title = c.title ?? t(c.titleKey);
      return {
        key: c.key,
        dataIndex: c.key,
        title,
        ellipsis: true,
        ...(width ? { width } : {}),
        ...(definition.resizable
          ? { onHeaderCell: () => ({ width, label: title, onResize: (w: number) => update({ widths: { ...state.widths, [c.key]: w } }) }) }
          : {}),
        // with multiSort the priority only tells antd to keep the other columns' sorting
        sorter: c.sortable ? (definition.multiSort ? { multiple: at >= 0 ? MAX_SORTS - at : 1 } : true) : false,
        sortOrder: sort ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
        render: (_: unknown, record: T, row: number) => {
          const key = definition.rowKey(record);
          const open = editing?.row === key && editing.col === c.key;
          const content = c.render ? c.render(record) : String((record as Record<string, unknown>)[c.key] ?? '');
          return (
            <div
              className={`grid-cell${c.edit ? ' grid-cell-editable' : ''}`}
              data-cell
              data-row={row}
              data-col={col}
              tabIndex={row === 0 && col === 0 ? 0 : -1}
              {...(c.edit
                ? {
                    title: t('list.editHint'),
                    onDoubleClick: (e: React.MouseEvent) => {
                      e.stopPropagation();
                      setEditing({ row: key, col: c.key });
                    },
                    onKeyDown: (e: React.KeyboardEvent) => {
                      if (!open && (e.key === 'Enter' || e.key === 'F2') && e.target === e.currentTarget) {
                        e.preventDefault();
                        setEditing({ row: key, col: c.key });
                      }
                    },
                  }
                : {})}
            >
              {open && c.edit
                ? c.edit(record, () => {
                    setEditing(null);
                  })
                : content}
            </div>
          );
        },
      };
    });
    if (rowActions)
      cols.push({
        key: '__actions',
        title: <span className="visually-hidden">{t('list.actions')}</span>,
        align: 'right',
        render: (_: unknown, record: T) => rowActions(record),
      });
    return cols;
  }, [definition, shown, state.sort, state.widths, rowActions, t, editing, update]);

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const sort = nextSort(state.sort, Array.isArray(sorter) ? sorter : [sorter], definition.multiSort ?? false);
    const pageSize = (pagination.pageSize ?? state.pageSize) as PageSize;
    const sortChanged = JSON.stringify(sort) !== JSON.stringify(state.sort);
    if (sortChanged || pageSize !== state.pageSize) update({ sort, pageSize });
    else update({ page: pagination.current ?? 1 });
  };
  // a group's table: a new sort sorts every group (true); paging stays within the group
  const onGroupSort = (sorter: Sorter<T> | Sorter<T>[]): boolean => {
    const sort = nextSort(state.sort, Array.isArray(sorter) ? sorter : [sorter], definition.multiSort ?? false);
    if (JSON.stringify(sort) === JSON.stringify(state.sort)) return false;
    update({ sort });
    return true;
  };

  const filterValue = (field: string) => state.filters.find((f) => f.field === field)?.value;
  const setFilter = (field: string, value: string | undefined) => {
    const rest = state.filters.filter((f) => f.field !== field);
    const next: ListFilter[] = value ? [...rest, { field, op: 'eq', value }] : rest;
    update({ filters: next });
  };

  const archived = definition.archivable ? state.archived : false;
  // an empty result of a search or filter is no match, with a way back; otherwise nothing yet
  const narrowed = state.search.trim() !== '' || state.filters.length > 0 || state.tags.length > 0;
  const clear = () => {
    setSearchText(null);
    update({ search: '', filters: [], tags: [] });
  };
  const emptyText: ReactNode = narrowed ? (
    <Space direction="vertical" align="center">
      <span>
        {definition.noMatchText ? definition.noMatchText(state.search.trim()) : t('list.noMatch', { search: state.search.trim() })}
      </span>
      <Button onClick={clear}>{t('list.clearSearch')}</Button>
    </Space>
  ) : archived ? (
    t('list.noArchived')
  ) : (
    (definition.emptyText ?? (definition.emptyKey ? t(definition.emptyKey) : undefined))
  );
  const bulk = (definition.bulkActions ?? []).filter((a) => !a.when || a.when === (archived ? 'archived' : 'active'));

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        {typeof actions === 'function' ? actions({ request: list.request, columns: state.columns }) : actions}
      </div>
      <Card>
        <div className="list-toolbar">
          <SearchInput
            aria-label={searchLabel}
            placeholder={searchLabel}
            style={{ maxWidth: 280 }}
            value={searchText ?? state.search}
            onChange={(e) => setSearchText(e.target.value)}
          />
          {narrow ? (
            <Badge count={state.filters.length + state.tags.length} size="small">
              <Button
                icon={<ControlOutlined aria-hidden />}
                aria-expanded={toolsOpen}
                aria-controls="list-tools"
                onClick={() => setToolsOpen(!toolsOpen)}
              >
                {t('list.options')}
              </Button>
            </Badge>
          ) : null}
          {!narrow || toolsOpen ? (
            <div className="list-tools" id="list-tools">
              {(definition.filters ?? []).map((f) => (
                <Select
                  key={f.field}
                  allowClear
                  aria-label={t(f.labelKey)}
                  placeholder={t(f.labelKey)}
                  style={{ minWidth: 140 }}
                  value={typeof filterValue(f.field) === 'string' ? (filterValue(f.field) as string) : undefined}
                  onChange={(v: string | undefined) => setFilter(f.field, v)}
                  options={f.options.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
                />
              ))}
              {definition.taggable ? (
                <TagFilter
                  value={state.tags}
                  onChange={(tags) => update({ tags })}
                  match={state.tagsMatch}
                  onMatchChange={(tagsMatch) => update({ tagsMatch })}
                />
              ) : null}
              {definition.filterFields && definition.filterFields.length > 0 ? (
                <FilterBuilder fields={definition.filterFields} filters={state.filters} onChange={(filters) => update({ filters })} />
              ) : null}
              {definition.archivable ? (
                <Segmented
                  aria-label={t('list.archivedToggle')}
                  value={archived ? 'archived' : 'active'}
                  onChange={(v) => {
                    selection.clear();
                    update({ archived: v === 'archived' });
                  }}
                  options={[
                    { value: 'active', label: t('list.active') },
                    { value: 'archived', label: t('list.archived') },
                  ]}
                />
              ) : null}
              <span className="grow" />
              {grouping && grouping.fields.length > 0 && !board ? (
                <Select
                  allowClear
                  aria-label={t('list.groupBy')}
                  placeholder={t('list.groupBy')}
                  style={{ minWidth: 150 }}
                  value={groupBy ?? undefined}
                  onChange={(v: string | undefined) => {
                    selection.clear();
                    update({ groupBy: v ?? null });
                  }}
                  options={grouping.fields.map((f) => ({ value: f.field, label: t('list.groupedBy', { field: f.label }) }))}
                />
              ) : null}
              {definition.board ? (
                <Segmented
                  aria-label={t('list.layout')}
                  value={board ? 'board' : 'table'}
                  onChange={(v) => setBoard(v === 'board')}
                  options={[
                    { value: 'table', label: t('list.asTable') },
                    { value: 'board', label: t('list.asBoard') },
                  ]}
                />
              ) : null}
              {!board ? (
                <Segmented
                  aria-label={t('list.density')}
                  value={density}
                  onChange={(v) => setDensity(v as Density)}
                  options={[
                    { value: 'comfortable', label: t('list.comfortable') },
                    { value: 'compact', label: t('list.compact') },
                  ]}
                />
              ) : null}
              {bulk.length > 0 && selection.keys.length > 0 ? (
                <Space wrap>
                  <span>{t('list.selected', { count: selection.keys.length })}</span>
                  {matchingMore > 0 ? (
                    <Button type="link" loading={selectingAll} onClick={() => void selectAllMatching()}>
                      {matchingTotal > SELECT_ALL_LIMIT
                        ? t('list.selectAllCapped', { count: SELECT_ALL_LIMIT })
                        : t('list.selectAllMatching', { count: matchingTotal })}
                    </Button>
                  ) : null}
                  <Button type="link" onClick={selection.clear}>
                    {t('list.clearSelection')}
                  </Button>
                  {bulk.map((a) => (
                    <Button
                      key={a.key}
                      danger={a.danger ?? false}
                      onClick={() =>
                        void a.run(selection.rows, { columns: state.columns, request: list.request }).then((done) => {
                          if (done !== false) selection.clear();
                        })
                      }
                    >
                      {t(a.labelKey)}
                    </Button>
                  ))}
                </Space>
              ) : null}
              {definition.toolbar?.(list.request)}
              <SavedViewPicker
                listKey={definition.listKey}
                views={list.views}
                current={list.currentView}
                state={list.viewState}
                onSelect={(view) => {
                  list.applyView(view);
                  setSearchText(null);
                }}
              />
              <ColumnChooser columns={definition.columns} visible={state.columns} onChange={(columns) => update({ columns })} />
            </div>
          ) : null}
        </div>
        {board && definition.board ? (
          definition.board(list.request)
        ) : groupBy !== null && grouping ? (
          <GroupedList<T>
            definition={definition}
            grouping={grouping}
            by={groupBy}
            request={{ ...request, page: 1 }}
            table={{
              rowKey: (r) => definition.rowKey(r),
              columns,
              size: density === 'compact' ? 'small' : 'middle',
              className: `entity-table density-${density}`,
              ...(definition.resizable ? { components: { header: { cell: ResizableHeader } } } : {}),
              locale: { emptyText: <EmptyState description={emptyText} /> },
              ...(definition.detailPath
                ? { onRow: (record: T) => ({ onDoubleClick: () => navigate(definition.detailPath?.(record) ?? '.') }) }
                : {}),
            }}
            onSort={onGroupSort}
            empty={emptyText}
          />
        ) : narrow ? (
          <ListCards<T>
            columns={shown}
            rows={query.data?.data ?? []}
            rowKey={definition.rowKey}
            loading={rowsLoading(query)}
            empty={<EmptyState description={emptyText} />}
            {...(bulk.length > 0
              ? {
                  selected: selection.keys,
                  onSelect: (key: string, on: boolean) => {
                    const rows = query.data?.data ?? [];
                    const keys = new Set(selection.keys.filter((k) => rows.some((r) => definition.rowKey(r) === k)));
                    if (on) keys.add(key);
                    else keys.delete(key);
                    selection.onChange(
                      [...keys],
                      rows.filter((r) => keys.has(definition.rowKey(r))),
                      rows,
                    );
                  },
                }
              : {})}
            page={state.page}
            pageSize={state.pageSize}
            total={query.data?.total ?? 0}
            onPage={(page) => update({ page })}
          />
        ) : (
          /* A scrolling wrapper rather than Table's scroll.x (its hidden measure row would copy the
            select-all checkbox, a focusable control inside aria-hidden): it scrolls both ways, so
            the header sticks to its top while the rows scroll, at any width. */
          <div className="list-scroll" onKeyDown={onGridKeyDown}>
            <Table<T>
              rowKey={(r) => definition.rowKey(r)}
              columns={columns}
              size={density === 'compact' ? 'small' : 'middle'}
              className={`entity-table density-${density}`}
              {...(definition.resizable ? { components: { header: { cell: ResizableHeader } } } : {})}
              dataSource={query.data?.data ?? []}
              loading={rowsLoading(query)}
              locale={{ emptyText: <EmptyState description={emptyText} /> }}
              onChange={onTableChange}
              {...(bulk.length > 0
                ? {
                    rowSelection: {
                      selectedRowKeys: selection.keys,
                      onChange: (keys: React.Key[], rows: T[]) => selection.onChange(keys, rows, query.data?.data ?? []),
                      preserveSelectedRowKeys: true,
                    },
                  }
                : {})}
              {...(definition.detailPath
                ? {
                    onRow: (record: T) => ({
                      onDoubleClick: () => navigate(definition.detailPath?.(record) ?? '.'),
                    }),
                  }
                : {})}
              pagination={{
                current: state.page,
                pageSize: state.pageSize,
                total: query.data?.total ?? 0,
                pageSizeOptions: PAGE_SIZES.map(String),
                showSizeChanger: true,
                showTotal: (total) => t('list.total', { count: total }),
                ...paginationLabels(t),
              }}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
