import type {
  EntityKind,
  FieldOption,
  FilterValueType,
  ListFilter,
  ListGroup,
  ListGroups,
  ListSort,
  PageSize,
  SavedViewKey,
} from '@atrium/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// The generic list page (ARCHITECTURE §6): a list is a definition, not a copy. The record
// engine builds one from a kind's definition (entity-pages/entity-list.route.tsx); a list of something that is
// not a kind (workspace users) describes its columns, filters and fetcher itself.
export type EntityListRequest = {
  page: number;
  pageSize: PageSize;
  search: string;
  filters: ListFilter[];
  sort: ListSort[];
  // only for definitions with `archivable`: the list shows archived records instead
  archived: boolean;
  // only for definitions with `taggable`: records carrying any (tagsMatch 'all': every one) of these tags
  tags?: string[];
  tagsMatch?: 'any' | 'all';
};
export type Paged<T> = { data: T[]; total: number };

export type ListColumn<T> = {
  // the field name: used for sorting, the column chooser and saved views
  key: string;
  titleKey: string;
  // a literal title (a custom field's label) instead of a caption key
  title?: string;
  render?: (record: T) => ReactNode;
  sortable?: boolean;
  // shown until the user picks columns (spec §3 "known default list columns")
  defaultVisible?: boolean;
  // cannot be hidden (the record's name)
  alwaysVisible?: boolean;
  width?: number;
  // an editor for the cell (inline editing); it calls done() when saved or cancelled
  edit?: (record: T, done: () => void) => ReactNode;
};

export type EntityFilterDefinition = {
  field: string;
  labelKey: string;
  options: { value: string; labelKey: string }[];
};

// A field the filter builder offers: its value type decides the operators (OPERATORS_BY_TYPE)
// and the value input; options turn the input into a choice.
export type EntityFilterField = {
  field: string;
  titleKey: string;
  title?: string;
  type: FilterValueType;
  options?: FieldOption[];
  // a reference: the lookup that lists the records it may point at
  lookup?: string;
};

export type BulkAction<T> = {
  key: string;
  labelKey: string;
  danger?: boolean;
  // which side of an archivable list offers the action (default: both)
  when?: 'active' | 'archived';
  // resolves false to keep the selection (the user backed out, or may act on the same records
  // again); `columns`: those on screen
  run: (selected: T[], context: { columns: string[]; request: EntityListRequest }) => Promise<boolean | void>;
};

// A list that can be grouped by one of its fields: the groups (each with its count and the
// filter that lists it) under the list's search and filters, and each group's caption.
export type ListGrouping = {
  fields: { field: string; label: string }[];
  queryKey: (by: string, request: EntityListRequest) => QueryKey;
  fetch: (by: string, request: EntityListRequest) => Promise<ListGroups>;
  label: (by: string, group: ListGroup) => string;
  // what a record changed elsewhere makes stale: the groups and the rows of every group
  invalidates: QueryKey;
};

export type ListDefinition<T> = {
  listKey: SavedViewKey;
  // the kind of the records listed: the list refreshes when someone changes one of them
  entityKind?: EntityKind;
  titleKey: string;
  // translated texts, for generic lists whose captions name the kind ({{plural}})
  title?: string;
  searchLabel?: string;
  emptyText?: string;
  // "no {{plural}} match …", with the search text
  noMatchText?: (search: string) => string;
  rowKey: (record: T) => string;
  columns: ListColumn<T>[];
  filters?: EntityFilterDefinition[];
  // fields of the filter builder (any operator of the list query)
  filterFields?: EntityFilterField[];
  // shows an Active/Archived switch; the request's `archived` follows it
  archivable?: boolean;
  // shows a tag picker; the request's `tags` follows it
  taggable?: boolean;
  // antd Table's multiple sorter: several columns sort the list in click order
  multiSort?: boolean;
  emptyKey?: string;
  searchLabelKey?: string;
  queryKey: (request: EntityListRequest) => QueryKey;
  fetch: (request: EntityListRequest) => Promise<Paged<T>>;
  detailPath?: (record: T) => string;
  bulkActions?: BulkAction<T>[];
  // a board of the same records (by workflow stage): shown instead of the table when chosen
  board?: (request: EntityListRequest) => ReactNode;
  // a "Group by" choice in the toolbar: the table shows the groups, each with its own rows
  grouping?: ListGrouping;
  // columns can be dragged wider and keep their width in the view
  resizable?: boolean;
  // more buttons in the toolbar that act on the list as filtered (save it as a custom query)
  toolbar?: (request: EntityListRequest) => ReactNode;
};
