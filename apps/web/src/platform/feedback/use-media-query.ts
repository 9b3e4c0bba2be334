import { useCallback, useSyncExternalStore } from 'react';

// Whether a media query matches now; the component renders again when that changes (the user
// turns on "reduce motion" in the system settings, a window is resized past a breakpoint).
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
