import { storedList, storeList } from '../workspace/workspace-storage';
import { workspaceStore } from '../workspace/workspace-store';

// The records this user opened last in this workspace, newest first: what the search shows
// before anything is typed (decision 027). Kept in this browser only.
export type RecentRecord = { kind: string; id: string; title: string };
const MAX_RECENT = 8;
const keyOf = (tenantId: string) => `atrium.recent.${tenantId}`;

export function recentRecords(): RecentRecord[] {
  const tenantId = workspaceStore.get();
  return tenantId ? storedList<RecentRecord>(keyOf(tenantId)).filter((r) => r && typeof r.id === 'string') : [];
}

export function rememberRecord(record: RecentRecord): void {
  const tenantId = workspaceStore.get();
  if (!tenantId) return;
  const rest = recentRecords().filter((r) => !(r.kind === record.kind && r.id === record.id));
  storeList(keyOf(tenantId), [record, ...rest].slice(0, MAX_RECENT));
}

// A record that is gone (deleted, merged away) leaves the list when it answers 404.
export function forgetRecord(kind: string, id: string): void {
  const tenantId = workspaceStore.get();
  if (!tenantId) return;
  storeList(
    keyOf(tenantId),
    recentRecords().filter((r) => !(r.kind === kind && r.id === id)),
  );
}
