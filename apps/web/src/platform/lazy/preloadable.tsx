import { Skeleton } from 'antd';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';

type State<P> = { component?: ComponentType<P>; error?: unknown };

// A component in a chunk of its own that a page may ask for before it renders (a record page's
// prefetch starts a tab's chunk together with its data) and that renders at once once the chunk
// has arrived. No Suspense: a boundary that showed its fallback is revealed by React 19 no
// sooner than 300 ms after it (its fallback throttle) — a Gantt tab whose chunk arrived 20 ms
// after the page rendered waited that long to commit its bars (work bench: 530 against 725–814 ms
// from navigation). Until the chunk is here a skeleton is shown; its arrival re-renders the
// component like every other update; a chunk that fails to load is thrown to the route's error
// boundary, as a lazy route's is.
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let state: State<P> = {};
  let loading: Promise<ComponentType<P>> | undefined;
  const listeners = new Set<() => void>();
  const settle = (next: State<P>) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => {
        settle({ component });
        return component;
      },
      (error: unknown) => {
        // asked again on the next render or preload
        loading = undefined;
        settle({ error });
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => state;

  function Preloadable(props: P) {
    const { component: Loaded, error } = useSyncExternalStore(subscribe, snapshot);
    useEffect(() => {
      if (!Loaded && !error) preload().catch(() => undefined);
    }, [Loaded, error]);
    if (error) throw error;
    if (Loaded) return <Loaded {...props} />;
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }
  return { Component: Preloadable, preload };
}
