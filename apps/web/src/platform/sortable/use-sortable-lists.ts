import { useState, type DragEvent, type KeyboardEvent } from 'react';

// Moves one item; the array order is the order the server stores.
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

// Reordering by drag and drop and by arrow keys on a row's handle, for one or several lists
// on a page (each named by a key). `onMove` gets in-range, distinct positions only.
export function useSortableLists(onMove: (list: string, from: number, to: number) => void, enabled: boolean) {
  const [dragging, setDragging] = useState<{ list: string; index: number } | null>(null);

  const rowProps = (list: string, index: number) => ({
    draggable: enabled,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      setDragging({ list, index });
    },
    onDragOver: (e: DragEvent) => e.preventDefault(),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (dragging?.list === list && dragging.index !== index) onMove(list, dragging.index, index);
      setDragging(null);
    },
    onDragEnd: () => setDragging(null),
  });

  // returns the new position when the key moved the row, so the caller can keep focus on it
  const handleKey = (e: KeyboardEvent, list: string, index: number, length: number): number | null => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return null;
    e.preventDefault();
    const to = e.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to < 0 || to >= length) return null;
    onMove(list, index, to);
    return to;
  };

  const isDragging = (list: string, index: number) => dragging?.list === list && dragging.index === index;

  return { rowProps, handleKey, isDragging };
}
