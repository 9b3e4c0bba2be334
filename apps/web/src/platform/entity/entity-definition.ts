import type { ListFilter, ListSort, PageSize, SavedViewKey } from '@atrium/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// The generic record engine (ARCHITECTURE §6): a list or detail page is a definition, not a
// copy. Modules describe columns, filters and fetchers; the engine does the rest.
export type EntityListRequest = {
  page: number;
  pageSize: PageSize;
  search: string;
  filters: ListFilter[];
  sort: ListSort[];
};
export type Paged<T> = { data: T[]; total: number };

export type EntityColumn<T> = {
  // the field name: used for sorting, the column chooser and saved views
  key: string;
  titleKey: string;
  render?: (record: T) => ReactNode;
  sortable?: boolean;
  // shown until the user picks columns (spec §3 "known default list columns")
  defaultVisible?: boolean;
  // cannot be hidden (the record's name)
  alwaysVisible?: boolean;
  width?: number;
};

export type EntityFilterDefinition = {
  field: string;
  labelKey: string;
  options: { value: string; labelKey: string }[];
};

export type BulkAction<T> = {
  key: string;
  labelKey: string;
  danger?: boolean;
  run: (selected: T[]) => Promise<void>;
};

export type EntityListDefinition<T> = {
  listKey: SavedViewKey;
  titleKey: string;
  rowKey: (record: T) => string;
  columns: EntityColumn<T>[];
  filters?: EntityFilterDefinition[];
  searchLabelKey?: string;
  queryKey: (request: EntityListRequest) => QueryKey;
  fetch: (request: EntityListRequest) => Promise<Paged<T>>;
  detailPath?: (record: T) => string;
  bulkActions?: BulkAction<T>[];
};

export type EntityField<T> = {
  key: string;
  labelKey: string;
  render?: (record: T) => ReactNode;
};

export type EntityDetailDefinition<T> = {
  titleOf: (record: T) => string;
  subtitleOf?: (record: T) => ReactNode;
  fields: EntityField<T>[];
  queryKey: (id: string) => QueryKey;
  fetch: (id: string) => Promise<T>;
  backPath: string;
  backLabelKey: string;
};
