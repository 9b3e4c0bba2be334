import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  type ListFilter,
  type ListSort,
  type ListViewState,
  type PageSize,
  type SavedView,
} from '@atrium/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSavedViews } from '../saved-views/saved-views.api';
import type { ListDefinition, EntityListRequest } from './list-definition';

// What a list shows. It lives in the address, so a link (or a reload) reproduces the list:
// ?v=<view> q=<search> f=<filters JSON> s=field:asc,field:desc c=<columns> n=<page size> p=<page>
// a=1 (archived) t=<tag ids> tm=all (records with all those tags) g=<field the list is grouped by>.
// `archived` and `tags` are not part of a saved view: a view describes what to see, not which
// drawer or which labels are picked for the moment. Nor is the grouping (a saved view has no
// place for it yet): like the board, it is how to show the list, and it stays when a view opens.
export type ListState = ListViewState & {
  page: number;
  viewId: string | null;
  archived: boolean;
  tags: string[];
  tagsMatch: 'any' | 'all';
  widths: Record<string, number>;
  groupBy: string | null;
};

const LIST_PARAMS = ['v', 'q', 'f', 's', 'c', 'n', 'p', 'a', 't', 'tm', 'w'] as const;

function defaults<T>(definition: Pick<ListDefinition<T>, 'columns'>): ListState {
  return {
    search: '',
    filters: [],
    sort: [],
    columns: definition.columns.filter((c) => c.alwaysVisible || c.defaultVisible !== false).map((c) => c.key),
    pageSize: DEFAULT_PAGE_SIZE,
    page: 1,
    viewId: null,
    archived: false,
    tags: [],
    tagsMatch: 'any',
    widths: {},
    groupBy: null,
  };
}

const fromView = (view: SavedView): ListState => ({
  search: view.search,
  filters: view.filters,
  sort: view.sort,
  columns: view.columns,
  pageSize: view.pageSize,
  page: 1,
  viewId: view.id,
  archived: false,
  tags: [],
  tagsMatch: 'any',
  widths: view.columnWidths ?? {},
  groupBy: null,
});

function parseJson<T>(raw: string | null, fallback: T): T {
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

// The filters in an address (f=): a JSON array of filters. What an edited or cut link has
// instead is left out rather than breaking the page: not an array, none; an item without a
// field and an operator, skipped (the server answers for the rest).
export function addressFilters(params: URLSearchParams): ListFilter[] | undefined {
  const filters = parseJson<unknown>(params.get('f'), undefined);
  if (!Array.isArray(filters)) return undefined;
  return filters.filter((x): x is ListFilter => isObject(x) && typeof x.field === 'string' && typeof x.op === 'string');
}

// The column widths in an address (w=): an object of numbers, the rest left out.
function addressWidths(params: URLSearchParams): Record<string, number> | undefined {
  const widths = parseJson<unknown>(params.get('w'), undefined);
  if (!isObject(widths)) return undefined;
  return Object.fromEntries(Object.entries(widths).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
}

function read(params: URLSearchParams, base: ListState): ListState {
  const size = Number(params.get('n'));
  const sort = params.get('s');
  return {
    search: params.get('q') ?? base.search,
    filters: addressFilters(params) ?? base.filters,
    sort: sort
      ? sort.split(',').flatMap((x): ListSort[] => {
          const [field, order] = x.split(':');
          return field ? [{ field, order: order === 'desc' ? 'desc' : 'asc' }] : [];
        })
      : sort === ''
        ? []
        : base.sort,
    columns: params.has('c') ? (params.get('c') ?? '').split(',').filter(Boolean) : base.columns,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : base.pageSize,
    page: Math.max(1, Number(params.get('p')) || 1),
    viewId: params.get('v') ?? base.viewId,
    archived: params.get('a') === '1',
    tags: (params.get('t') ?? '').split(',').filter(Boolean),
    tagsMatch: params.get('tm') === 'all' ? 'all' : 'any',
    widths: addressWidths(params) ?? base.widths,
    groupBy: params.get('g') || null,
  };
}

// Only what differs from the base (the view or the defaults) goes into the address.
function write(state: ListState, base: ListState): Record<string, string> {
  const out: Record<string, string> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  // always named (empty: the standard view), so that a default view does not take over again
  out.v = state.viewId ?? '';
  if (state.search !== base.search) out.q = state.search;
  if (!same(state.filters, base.filters)) out.f = JSON.stringify(state.filters);
  if (!same(state.sort, base.sort)) out.s = state.sort.map((s) => `${s.field}:${s.order}`).join(',');
  if (!same(state.columns, base.columns)) out.c = state.columns.join(',');
  if (state.pageSize !== base.pageSize) out.n = String(state.pageSize);
  if (state.page > 1) out.p = String(state.page);
  if (state.archived) out.a = '1';
  if (state.tags.length > 0) out.t = state.tags.join(',');
  if (state.tags.length > 1 && state.tagsMatch === 'all') out.tm = 'all';
  if (!same(state.widths, base.widths)) out.w = JSON.stringify(state.widths);
  if (state.groupBy) out.g = state.groupBy;
  return out;
}

const requestOf = (
  state: Pick<ListState, 'page' | 'pageSize' | 'search' | 'filters' | 'sort' | 'archived' | 'tags' | 'tagsMatch'>,
): EntityListRequest => ({
  page: state.page,
  pageSize: state.pageSize,
  search: state.search,
  filters: state.filters,
  sort: state.sort,
  archived: state.archived,
  ...(state.tags.length > 0 ? { tags: state.tags } : {}),
  ...(state.tags.length > 1 && state.tagsMatch === 'all' ? { tagsMatch: 'all' as const } : {}),
});

// The request of a list whose address alone decides it — list parameters without a saved view
// (v= empty names the standard view) — for the first address's prefetch (page-prefetch.ts);
// none when a saved view, named or the user's default, has a say.
export function addressRequest(params: URLSearchParams): EntityListRequest | undefined {
  if (!LIST_PARAMS.some((k) => params.has(k)) || params.get('v')) return undefined;
  return requestOf(read(params, defaults({ columns: [] })));
}

// List state plus saved views. With nothing in the address the list follows the user's default
// view (once the views have arrived), otherwise the definition's defaults.
export function useListState<T>(definition: ListDefinition<T>) {
  const [params, setParams] = useSearchParams();
  const views = useSavedViews(definition.listKey);
  const named = params.get('v');
  const touched = LIST_PARAMS.some((k) => params.has(k));
  const view = views.data?.find((v) => (touched ? v.id === named : v.isDefault));
  const base = useMemo(() => (view ? fromView(view) : defaults(definition)), [view, definition]);
  const state = useMemo(() => ({ ...read(params, base), viewId: view?.id ?? null }), [params, base, view]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      // any change but paging starts again from page 1
      const next = { ...state, page: 1, ...patch };
      // flushSync: controls (a column checkbox, a sort) show the change at once, not after a transition
      setParams(write(next, base), { replace: true, flushSync: true });
    },
    [state, base, setParams],
  );

  // Opens a view (null: the standard view); a view just saved is passed whole, because the
  // list of views may not have it yet.
  const applyView = useCallback(
    (chosen: SavedView | null) => {
      const next = { ...(chosen ? fromView(chosen) : defaults(definition)), groupBy: state.groupBy };
      setParams(write(next, next), { replace: true, flushSync: true });
    },
    [definition, setParams, state.groupBy],
  );

  const { page, pageSize, search, filters, sort, archived, tags, tagsMatch } = state;
  const request = useMemo(
    () => requestOf({ page, pageSize, search, filters, sort, archived, tags, tagsMatch }),
    [page, pageSize, search, filters, sort, archived, tags, tagsMatch],
  );

  const viewState: ListViewState & { columnWidths: Record<string, number> } = {
    search: state.search,
    filters: state.filters,
    sort: state.sort,
    columns: state.columns,
    pageSize: state.pageSize,
    columnWidths: state.widths,
  };

  return {
    state,
    update,
    request,
    views: views.data ?? [],
    viewsLoading: views.isPending,
    applyView,
    currentView: view ?? null,
    viewState,
  };
}
