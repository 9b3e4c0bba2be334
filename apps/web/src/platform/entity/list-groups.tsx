import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import type { ListGroup } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Table, type TableProps } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../feedback/empty-state';
import { paginationLabels } from '../feedback/pagination-labels';
import type { EntityListRequest, ListDefinition, ListGrouping } from './list-definition';
import { onGridKeyDown } from './list-grid';
import './list-groups.css';
import { rowsLoading } from '../api/rows-loading';

// groups open when the grouping is chosen; the others open on demand (each open group asks for
// its first page, so a list of many groups does not ask for all of them at once)
const OPEN_AT_FIRST = 3;

type Sorter<T> = Parameters<NonNullable<TableProps<T>['onChange']>>[2];

type Props<T> = {
  definition: ListDefinition<T>;
  grouping: ListGrouping;
  by: string;
  request: EntityListRequest;
  // the table as the list shows it (columns, size, row actions…), without rows or paging
  table: TableProps<T>;
  // a changed sort goes to the list (true); otherwise the table asked for another page
  onSort: (sorter: Sorter<T>) => boolean;
  empty: ReactNode;
};

// The list grouped by one field: a header per group (its caption and count; a button that folds
// and unfolds it), and under each open group its records, asked with the group's filter added to
// the list's own, paged within the group.
export function GroupedList<T extends object>({ definition, grouping, by, request, table, onSort, empty }: Props<T>) {
  const { t } = useTranslation();
  const groups = useQuery({
    queryKey: grouping.queryKey(by, request),
    queryFn: () => grouping.fetch(by, request),
    placeholderData: (previous) => previous,
  });
  // what the user folded or unfolded, by group value (the rest follow OPEN_AT_FIRST)
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const baseId = useId();

  if (groups.isError) return <Alert type="error" showIcon message={t('list.groupsFailed')} />;
  if (!groups.data) return <Skeleton active />;
  if (groups.data.groups.length === 0) return <EmptyState description={empty} />;
  return (
    <div className="list-groups">
      {groups.data.groups.map((group, i) => {
        const key = group.value ?? '';
        const open = toggled[key] ?? i < OPEN_AT_FIRST;
        const id = `${baseId}-${i}`;
        return (
          <section key={key} className="list-group" aria-labelledby={`${id}-h`}>
            <h2 className="list-group-heading" id={`${id}-h`}>
              <button
                type="button"
                className="list-group-header"
                aria-expanded={open}
                aria-controls={id}
                onClick={() => setToggled((prev) => ({ ...prev, [key]: !open }))}
              >
                {open ? <CaretDownOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
                <span className="list-group-label">{grouping.label(by, group)}</span>
                <span className="list-group-count">{t('list.total', { count: group.count })}</span>
              </button>
            </h2>
            <div id={id} hidden={!open}>
              {open ? <GroupRows definition={definition} group={group} request={request} table={table} onSort={onSort} /> : null}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function GroupRows<T extends object>({
  definition,
  group,
  request,
  table,
  onSort,
}: Pick<Props<T>, 'definition' | 'request' | 'table' | 'onSort'> & { group: ListGroup }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const asked: EntityListRequest = { ...request, page, filters: [...request.filters, group.filter] };
  const rows = useQuery({
    queryKey: definition.queryKey(asked),
    queryFn: () => definition.fetch(asked),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="list-scroll" onKeyDown={onGridKeyDown}>
      <Table<T>
        {...table}
        dataSource={rows.data?.data ?? []}
        loading={rowsLoading(rows)}
        onChange={(pagination, _filters, sorter) => {
          if (onSort(sorter)) setPage(1);
          else setPage(pagination.current ?? 1);
        }}
        pagination={{
          current: page,
          pageSize: request.pageSize,
          total: rows.data?.total ?? group.count,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (total) => t('list.total', { count: total }),
          ...paginationLabels(t),
        }}
      />
    </div>
  );
}
