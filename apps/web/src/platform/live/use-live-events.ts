import type { EntityKind, RecordEvent } from '@atrium/domain';
import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import { liveConnection, type LiveEventName, type LiveEvents, type LiveStatus } from './live-connection';

// Subscribes for as long as the component is mounted; the latest handler is always called.
export function useLiveEvent<N extends LiveEventName>(name: N, handler: (event: LiveEvents[N]) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => liveConnection.on(name, (event) => onEvent(event)), [name]);
}

// Changes of records of one kind (of one record when `id` is given), made by anyone: the
// list refreshes, the record form offers to load the change.
export function useRecordEvents(kind: EntityKind | undefined, id: string | undefined, onEvent: (event: RecordEvent) => void): void {
  useLiveEvent('record', (event) => {
    if (!kind || event.kind !== kind || (id !== undefined && event.id !== id)) return;
    onEvent(event);
  });
}

// Like useRecordEvents, but `onBurst` runs once per burst of events, `ms` after the first: a
// reschedule moving 200 tasks, or an import, is 200 events and should be one refetch, not 200.
export function useRecordEventBursts(kind: EntityKind | undefined, id: string | undefined, onBurst: () => void, ms = 150): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const burst = useEffectEvent(onBurst);
  useRecordEvents(kind, id, () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      burst();
    }, ms);
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}

// 'open' while events flow; anything else means a poll is the fallback.
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => liveConnection.onStatus(l),
    () => liveConnection.status,
  );
}
