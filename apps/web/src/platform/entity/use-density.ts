import { useSyncExternalStore } from 'react';

// Row height of every list: comfortable or compact, the user's choice, kept in this browser.
export type Density = 'comfortable' | 'compact';
const KEY = 'atrium.density';
const listeners = new Set<() => void>();

const read = (): Density => {
  try {
    return localStorage.getItem(KEY) === 'compact' ? 'compact' : 'comfortable';
  } catch {
    return 'comfortable';
  }
};

function set(density: Density): void {
  try {
    localStorage.setItem(KEY, density);
  } catch {
    // private mode: the choice lasts for this page
  }
  listeners.forEach((l) => l());
}

export function useDensity(): [Density, (d: Density) => void] {
  const density = useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, read);
  return [density, set];
}
