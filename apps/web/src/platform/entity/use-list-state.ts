import { DEFAULT_PAGE_SIZE, type ListViewState, type SavedView } from '@atrium/domain';
import { useCallback, useMemo, useState } from 'react';
import { useSavedViews } from '../saved-views/saved-views.api';
import type { EntityListDefinition, EntityListRequest } from './entity-definition';

// `archived` and `tags` are not part of a saved view: a view describes what to see, not which
// drawer or which labels are picked for the moment.
export type ListState = ListViewState & { page: number; viewId: string | null; archived: boolean; tags: string[] };

function initialState<T>(definition: EntityListDefinition<T>): ListState {
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
});

// List state plus saved views. Until the user changes anything the list follows their default
// view (once the views have arrived), otherwise the definition's defaults.
export function useListState<T>(definition: EntityListDefinition<T>) {
  const [touched, setTouched] = useState<ListState | null>(null);
  const views = useSavedViews(definition.listKey);
  const preferred = views.data?.find((v) => v.isDefault);
  const state = useMemo(() => touched ?? (preferred ? fromView(preferred) : initialState(definition)), [touched, preferred, definition]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      // any change but paging starts again from page 1
      setTouched((prev) => ({ ...(prev ?? state), page: 1, ...patch }));
    },
    [state],
  );

  const applyView = useCallback(
    (id: string | null) => {
      const view = views.data?.find((v) => v.id === id);
      setTouched(view ? fromView(view) : initialState(definition));
    },
    [views.data, definition],
  );

  const request = useMemo<EntityListRequest>(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      search: state.search,
      filters: state.filters,
      sort: state.sort,
      archived: state.archived,
      ...(state.tags.length > 0 ? { tags: state.tags } : {}),
    }),
    [state.page, state.pageSize, state.search, state.filters, state.sort, state.archived, state.tags],
  );

  const currentView = views.data?.find((v) => v.id === state.viewId) ?? null;
  const viewState: ListViewState = {
    search: state.search,
    filters: state.filters,
    sort: state.sort,
    columns: state.columns,
    pageSize: state.pageSize,
  };

  return { state, update, request, views: views.data ?? [], viewsLoading: views.isPending, applyView, currentView, viewState };
}
