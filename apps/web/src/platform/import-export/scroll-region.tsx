import type { ReactNode } from 'react';

// A table wider than a phone scrolls sideways inside a named region that the keyboard can reach
// (axe: scrollable-region-focusable), instead of the page scrolling.
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  );
}
