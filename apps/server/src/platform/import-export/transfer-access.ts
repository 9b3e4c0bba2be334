import type { EntityKind, Permission } from '@atrium/domain';
import type { TenantContext } from '../context';
import { accessDenied, notFound } from '../errors';
import type { RegisteredEntity } from '../entity/entity-registry';

// Who may see and act on an import or export (decision 078). Per kind:
// - `import` / `export`: run them and see, retry, delete, undo one's own;
// - `viewImports` / `viewExports`: also see everybody's (history, files, rejected rows);
// - `manageImports` / `manageExports`: also delete, retry and undo everybody's.
export type TransferSide = 'import' | 'export';
export type TransferNeed = 'see' | 'manage';
type Registry = ReadonlyMap<EntityKind, RegisteredEntity>;

const KEYS = {
  import: { own: 'import', view: 'viewImports', manage: 'manageImports' },
  export: { own: 'export', view: 'viewExports', manage: 'manageExports' },
} as const;

const holds = (ctx: TenantContext, p: Permission | null): boolean => p !== null && ctx.permissions.has(p);

export function transferRights(
  ctx: TenantContext,
  ent: RegisteredEntity,
  side: TransferSide,
  createdBy: string,
): { see: boolean; manage: boolean; managePermission: Permission | null } {
  const p = ent.definition.permissions;
  const k = KEYS[side];
  const own = createdBy === ctx.tenantUserId && holds(ctx, p[k.own]);
  const manage = own || holds(ctx, p[k.manage]);
  return { see: manage || holds(ctx, p[k.view]), manage, managePermission: p[k.manage] ?? p[k.own] };
}

// The kind of a stored import (export) the caller may see, else 404 like a missing one; asking
// to manage one they may only see answers 403 naming the permission.
export function requireTransfer(
  registry: Registry,
  ctx: TenantContext,
  side: TransferSide,
  row: { entityKind: string; createdBy: string } | undefined,
  need: TransferNeed,
): RegisteredEntity {
  const what = side === 'import' ? 'Import' : 'Export';
  const ent = row ? registry.get(row.entityKind as EntityKind) : undefined;
  if (!row || !ent || !ent.definition.capabilities.importExport) throw notFound(what);
  const rights = transferRights(ctx, ent, side, row.createdBy);
  if (!rights.see) throw notFound(what);
  if (need === 'manage' && !rights.manage)
    throw accessDenied(`Requires permission ${rights.managePermission ?? side} to change another member's ${side}`);
  return ent;
}

// The history's scope: kinds whose every import (export) the caller sees, and kinds of which
// they see only their own.
export function historyScope(registry: Registry, ctx: TenantContext, side: TransferSide): { all: EntityKind[]; own: EntityKind[] } {
  const k = KEYS[side];
  const all: EntityKind[] = [];
  const own: EntityKind[] = [];
  for (const e of registry.values()) {
    if (!e.definition.capabilities.importExport) continue;
    const p = e.definition.permissions;
    if (holds(ctx, p[k.view]) || holds(ctx, p[k.manage])) all.push(e.definition.kind);
    else if (holds(ctx, p[k.own])) own.push(e.definition.kind);
  }
  return { all, own };
}
