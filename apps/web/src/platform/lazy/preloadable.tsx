import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

// A component in a chunk of its own that a page may ask for before it renders (a record route's
// loader starts a tab's chunk together with its data) and that renders at once, with no Suspense
// fallback, once the chunk has arrived: a React.lazy met for the first time suspends even when
// its module is already here, and React 19 then holds the revealed boundary back for up to
// 300 ms (its fallback throttle) — most of a Gantt tab's or a floor map's opening time.
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component: Preloadable, preload };
}
