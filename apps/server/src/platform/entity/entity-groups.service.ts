import { DATE_GROUPS, groupableFields, type ListFilter, type ListGroup, type ListGroups, type ListGroupsQuery } from '@atrium/domain';
import type { TenantContext } from '../context';
import { fieldError } from '../errors';
import { fieldAccess } from './custom-fields';
import { countByDate, countByValue } from './entity-groups.repository';
import { selectFields } from './entity-fields.repository';
import type { RegisteredEntity } from './entity-registry';
import { compileListQuery } from './list-query';

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// The filter that narrows a list to one date group (the same bounds countByDate uses).
function dateFilter(field: string, group: (typeof DATE_GROUPS)[number] | null, today: string): ListFilter {
  if (group === null) return { field, op: 'isEmpty' };
  if (group === 'overdue') return { field, op: 'lt', value: today };
  if (group === 'today') return { field, op: 'eq', value: today };
  if (group === 'next7Days') return { field, op: 'between', value: [addDays(today, 1), addDays(today, 7)] };
  return { field, op: 'gt', value: addDays(today, 7) };
}

// A kind's list grouped by one field: the count of each group under the list's search and
// filters, in the field's own order (options as declared, stages as on the board, dates from
// overdue to later, linked records by name), records without a value last.
export async function listGroups(ctx: TenantContext, ent: RegisteredEntity, query: ListGroupsQuery): Promise<ListGroups> {
  const { definition } = ent;
  const { by, today: asked, ...list } = query;
  const field = definition.fields[by];
  const access = fieldAccess(ctx, definition);
  // a field the caller may not read (its readPermission) groups nothing for them: as unknown as in a filter
  if (!field || !groupableFields(definition).includes(by) || access.hidden?.has(by))
    throw fieldError('by', 'unknownField', `${by} is not a field ${definition.kind} lists can be grouped by`);
  const fields = definition.capabilities.customFields ? await selectFields(ctx, definition.kind, 'all') : [];
  const compiled = compileListQuery(ctx, ent, fields, access, list);

  let groups: ListGroup[];
  if (field.kind === 'date') {
    const today = asked ?? new Date().toISOString().slice(0, 10);
    const rows = await countByDate(ctx, ent, compiled, by, today);
    groups = [...DATE_GROUPS, null].flatMap((group) => {
      const count = rows.find((r) => r.group === group)?.count ?? 0;
      return count > 0 ? [{ value: group, title: null, count, filter: dateFilter(by, group, today) }] : [];
    });
  } else {
    const titled = by === 'workflowStage' ? 'stage' : field.kind === 'reference' ? 'link' : 'none';
    const rows = await countByValue(ctx, ent, compiled, by, titled);
    const options = field.options ?? [];
    const rank = (r: (typeof rows)[number]) =>
      field.kind === 'enum' ? String(options.indexOf(r.value ?? '')).padStart(4, '0') : (r.position ?? r.title ?? '');
    rows.sort((a, b) => (a.value === null ? 1 : b.value === null ? -1 : rank(a).localeCompare(rank(b))));
    groups = rows.map((r) => ({
      value: r.value,
      title: r.title,
      count: r.count,
      filter: r.value === null ? { field: by, op: 'isEmpty' } : { field: by, op: 'eq', value: r.value },
    }));
  }
  return { by, total: groups.reduce((n, g) => n + g.count, 0), groups };
}
