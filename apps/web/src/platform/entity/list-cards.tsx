import { Checkbox, Pagination, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paginationLabels } from '../feedback/pagination-labels';
import type { ListColumn } from './list-definition';

const STAGE = 'workflowStage';
// how many fields a card shows under its title, besides the stage
const KEY_FIELDS = 2;

// A list on a phone (issue 26 item 12): a card per record — its title, two key fields of the
// columns shown and its stage — instead of a table squeezed into truncated columns.
export function ListCards<T>({
  columns,
  rows,
  rowKey,
  loading,
  empty,
  selected,
  onSelect,
  page,
  pageSize,
  total,
  onPage,
}: {
  // the columns shown, the title column first
  columns: ListColumn<T>[];
  rows: T[];
  rowKey: (record: T) => string;
  loading: boolean;
  empty: ReactNode;
  // bulk selection, when the list has bulk actions
  selected?: readonly string[];
  onSelect?: (key: string, on: boolean) => void;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const [title, ...rest] = columns;
  const stage = rest.find((c) => c.key === STAGE);
  const fields = rest.filter((c) => c.key !== STAGE).slice(0, KEY_FIELDS);
  const value = (c: ListColumn<T>, r: T): ReactNode => (c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? ''));
  if (loading && rows.length === 0) return <Skeleton active />;
  if (rows.length === 0) return <div className="list-cards-empty">{empty}</div>;
  return (
    <>
      <ul className="list-cards" aria-busy={loading}>
        {rows.map((r) => {
          const key = rowKey(r);
          return (
            <li key={key} className="list-card">
              <div className="list-card-head">
                {onSelect ? (
                  <Checkbox
                    checked={selected?.includes(key) ?? false}
                    onChange={(e) => onSelect(key, e.target.checked)}
                    aria-labelledby={`list-card-${key}`}
                  />
                ) : null}
                <span className="list-card-title" id={`list-card-${key}`}>
                  {title ? value(title, r) : key}
                </span>
                {stage ? <span className="list-card-stage">{value(stage, r)}</span> : null}
              </div>
              {fields.length > 0 ? (
                <dl className="list-card-fields">
                  {fields.map((c) => (
                    <div key={c.key}>
                      <dt>{c.title ?? t(c.titleKey)}</dt>
                      <dd>{value(c, r)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Pagination
        simple
        size="small"
        align="center"
        current={page}
        pageSize={pageSize}
        total={total}
        onChange={onPage}
        showTotal={(n) => t('list.total', { count: n })}
        {...paginationLabels(t)}
      />
    </>
  );
}
