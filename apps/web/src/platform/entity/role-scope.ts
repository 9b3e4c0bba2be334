import type { EntityDefinition, EntityKind, ListFilter } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMyPermissions } from '../permissions/permissions.api';
import { webEntityOf } from './web-entity';

// Roles per record (the engine's roleScope, decision 089): which owner record's roles count on a
// page, and the caller's permissions there — the workspace's merged with their role, from the
// owner kind's module (WebEntity's `rolePermissions`). The pages hand them to RoleScopeProvider.

// The kind whose records' roles count for `definition` (a task's project, a project itself).
export function roleOwnerKind(definition: EntityDefinition): EntityKind | undefined {
  const field = definition.roleScope?.field;
  if (!field) return undefined;
  return (field === 'id' ? definition.kind : definition.fields[field]?.target) as EntityKind | undefined;
}

// The owner of one record (its roleScope field; itself for an owner kind).
export function roleOwnerOfRecord(definition: EntityDefinition, record: Record<string, unknown> | undefined): string | undefined {
  const field = definition.roleScope?.field;
  const value = field && record ? record[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

// The owner a list is narrowed to (`projectId = …`), if exactly one.
export function roleOwnerOfFilters(definition: EntityDefinition, filters: readonly ListFilter[]): string | undefined {
  const field = definition.roleScope?.field;
  if (!field || field === 'id') return undefined;
  const found = filters.filter((f) => f.field === field && f.op === 'eq');
  return found.length === 1 && typeof found[0]?.value === 'string' ? found[0].value : undefined;
}

// The caller's permissions in one owner: asked only on a plan with roles, when the workspace does
// not already grant every permission of the kind (undefined: the workspace's decide).
export function useRoleScope(definition: EntityDefinition, ownerId: string | undefined): ReadonlySet<string> | undefined {
  const mine = useMyPermissions();
  const ownerKind = roleOwnerKind(definition);
  const query = ownerKind ? webEntityOf(ownerKind)?.rolePermissions : undefined;
  const workspace = mine.data?.permissions;
  const needed =
    workspace !== undefined &&
    workspace.includes('Plan.Roles') &&
    Object.values(definition.permissions).some((p) => p !== null && !workspace.includes(p));
  const enabled = query !== undefined && ownerId !== undefined && needed;
  const scoped = useQuery({
    queryKey: query?.queryKey(ownerId ?? '') ?? ['role-scope', 'none'],
    queryFn: () => query?.fetch(ownerId ?? '') ?? Promise.resolve({ permissions: [] }),
    staleTime: 30_000,
    enabled,
  });
  const data = enabled ? scoped.data : undefined;
  return useMemo(() => (data && workspace ? new Set([...workspace, ...data.permissions]) : undefined), [data, workspace]);
}
