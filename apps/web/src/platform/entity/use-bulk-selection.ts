import { useCallback, useMemo, useState } from 'react';

// Selected rows across pages, keyed by id, for bulk actions such as archive.
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
  return { keys, rows: useMemo(() => [...selected.values()], [selected]), onChange, clear };
}
