import type { RecordEvent } from '@atrium/domain';
import { sessionStore } from '../auth/session-store';

// Who made each announced version of a record, as the live events said (actorId). A record page
// asks it when a newer version arrives, to tell the user's own save in another tab from someone
// else's (issue 12, defect 13). Only the latest few are kept.
const actors = new Map<string, string | null>();
const MAX = 200;
const keyOf = (kind: string, id: string, version: number) => `${kind}:${id}:${version}`;

export function rememberRecordActor(event: RecordEvent): void {
  if (event.version === null || event.actorId === undefined) return;
  actors.set(keyOf(event.kind, event.id, event.version), event.actorId);
  if (actors.size > MAX) actors.delete(actors.keys().next().value ?? '');
}

// true when the signed-in user made that version (from another tab or device)
export function changedByMe(kind: string, id: string, version: number): boolean {
  const actor = actors.get(keyOf(kind, id, version));
  const me = sessionStore.getState().session?.user?.id;
  return actor !== undefined && actor !== null && me !== undefined && actor === me;
}
