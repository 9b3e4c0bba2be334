import { useCallback, useMemo, useState } from 'react';

// Selected rows across pages, keyed by id, for bulk actions such as archive.
// The most records "Select all matching" takes: a hundred calls of the list's largest page.
export const SELECT_ALL_LIMIT = 10_000;
const LARGEST_PAGE = 100 as const;

// Every record the list's request matches (its search, filters and sort), page by page through
// the list's own call, up to SELECT_ALL_LIMIT; a record seen twice (the list moved) counts once.
export async function fetchAllMatching<T>(
  fetchPage: (request: { page: number; pageSize: typeof LARGEST_PAGE }) => Promise<{ data: T[]; total: number }>,
  rowKey: (record: T) => string,
): Promise<T[]> {
  const rows = new Map<string, T>();
  for (let page = 1; page <= SELECT_ALL_LIMIT / LARGEST_PAGE; page++) {
    const { data, total } = await fetchPage({ page, pageSize: LARGEST_PAGE });
    for (const r of data) rows.set(rowKey(r), r);
    if (data.length < LARGEST_PAGE || page * LARGEST_PAGE >= total) break;
  }
  return [...rows.values()].slice(0, SELECT_ALL_LIMIT);
}
export function useBulkSelection<T>(rowKey: (record: T) => string) {
  const [selected, setSelected] = useState<Map<string, T>>(new Map());
  const keys = useMemo(() => [...selected.keys()], [selected]);
  const onChange = useCallback(
    (pageKeys: React.Key[], pageRows: T[], visible: T[]) => {
      setSelected((prev) => {
        const next = new Map(prev);
        // rows of the visible page that were deselected
        for (const r of visible) if (!pageKeys.includes(rowKey(r))) next.delete(rowKey(r));
        for (const r of pageRows) next.set(rowKey(r), r);
        return next;
      });
    },
    [rowKey],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  // every matching record at once ("Select all N matching")
  const replace = useCallback((rows: T[]) => setSelected(new Map(rows.map((r) => [rowKey(r), r]))), [rowKey]);
  return { keys, rows: useMemo(() => [...selected.values()], [selected]), onChange, clear, replace };
}
