import type { EntityKind, RecordEvent } from '@atrium/domain';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
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

// 'open' while events flow; anything else means a poll is the fallback.
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => liveConnection.onStatus(l),
    () => liveConnection.status,
  );
}
