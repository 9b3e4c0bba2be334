import type { EntityKind, EntityRecord } from '@atrium/domain';
import type { EntityListRequest, Paged } from './list-definition';

// The list a user last saw of each kind, so that a record page can step to the previous and next
// record of that list (the same filters, sort and search), across page boundaries.
export type ListContext = { request: EntityListRequest; ids: string[]; total: number };

const KEY = 'atrium.listContext';
const contexts = new Map<EntityKind, ListContext>();

function load(kind: EntityKind): ListContext | undefined {
  if (contexts.has(kind)) return contexts.get(kind);
  try {
    const raw = sessionStorage.getItem(`${KEY}.${kind}`);
    return raw ? (JSON.parse(raw) as ListContext) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberList(kind: EntityKind, request: EntityListRequest, page: Paged<EntityRecord>): void {
  const context = { request, ids: page.data.map((r) => r.id), total: page.total };
  contexts.set(kind, context);
  try {
    sessionStorage.setItem(`${KEY}.${kind}`, JSON.stringify(context));
  } catch {
    // private mode: previous/next still work within this tab's memory
  }
}

export const listContextOf = (kind: EntityKind): ListContext | undefined => load(kind);
