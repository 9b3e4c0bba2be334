import { useTranslation } from 'react-i18next';
import type { KeyboardEvent, MouseEvent, ReactNode, ThHTMLAttributes } from 'react';

// A header cell whose right edge can be dragged (or moved with the arrow keys on its handle) to
// resize the column; the width is saved with the list's view.
export function ResizableHeader({
  width,
  onResize,
  label,
  children,
  ...rest
}: ThHTMLAttributes<HTMLTableCellElement> & { width?: number; onResize?: (width: number) => void; label?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!onResize) return <th {...rest}>{children}</th>;
  const start = (e: MouseEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const th = e.currentTarget.parentElement;
    const from = th?.getBoundingClientRect().width ?? width ?? 150;
    const x = e.clientX;
    const move = (ev: globalThis.MouseEvent) => onResize(Math.max(60, Math.round(from + ev.clientX - x)));
    const stop = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', stop);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', stop);
  };
  const keys = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    const current = e.currentTarget.parentElement?.getBoundingClientRect().width ?? width ?? 150;
    onResize(Math.max(60, Math.round(current + (e.key === 'ArrowRight' ? 20 : -20))));
  };
  return (
    <th {...rest} style={{ ...rest.style, width, position: 'relative' }}>
      {children}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={Math.round(width ?? 150)}
        aria-valuemin={60}
        aria-valuemax={2000}
        aria-label={t('list.resize', { column: label ?? '' })}
        tabIndex={0}
        className="column-resizer"
        onMouseDown={start}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={keys}
      />
    </th>
  );
}

// Arrow keys move between the cells of the table, Home/End to the row's ends; Enter (or F2) on
// an editable cell edits it. One cell at a time is in the tab order (roving tabindex).
export function onGridKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
  const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
  if (!cell || (e.target as HTMLElement).closest('input, textarea, .ant-select, .ant-picker')) return;
  const row = Number(cell.dataset.row);
  const col = Number(cell.dataset.col);
  const moves: Record<string, [number, number]> = {
    ArrowUp: [row - 1, col],
    ArrowDown: [row + 1, col],
    ArrowLeft: [row, col - 1],
    ArrowRight: [row, col + 1],
    Home: [row, 0],
  };
  let target: [number, number] | undefined = moves[e.key];
  if (e.key === 'End') {
    const last = e.currentTarget.querySelectorAll(`[data-cell][data-row="${row}"]`).length - 1;
    target = [row, last];
  }
  if (!target) return;
  const next = e.currentTarget.querySelector<HTMLElement>(`[data-cell][data-row="${target[0]}"][data-col="${target[1]}"]`);
  if (!next) return;
  e.preventDefault();
  cell.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}
