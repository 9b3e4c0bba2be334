import { contactModulePermissions, defineEntity, fields, type EntityCapabilities } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { entityTable } from '../src/platform/entity/entity-table';
import { registerEntity } from '../src/platform/entity/entity-routes';
import type { Router } from '../src/platform/router';

// A test-only kind whose definition narrows what a caller sees: members see the samples they
// created, holders of Contact.ManageSettings all. `module` goes into createTestApp's
// extraModules; `tableSql` creates its table (with forced row-level security) afterwards.
export function rowVisibilitySamples(capabilities: Partial<EntityCapabilities>) {
  const sampleEntity = defineEntity({
    kind: 'Sample',
    module: 'test',
    basePath: '/api/v1/samples',
    web: { path: '/samples', icon: 'ContactsOutlined' },
    title: { fields: ['name'] },
    fields: { name: fields.text({ max: 100, required: true }) },
    searchFields: ['name'],
    defaultColumns: ['name'],
    defaultSort: [{ field: 'name', order: 'asc' }],
    savedViewKey: 'contacts',
    permissions: contactModulePermissions({
      view: 'Contact.ViewContacts',
      create: 'Contact.CreateContacts',
      manage: 'Contact.ManageContacts',
    }),
    capabilities,
  });
  const samples = entityTable('samples', sampleEntity);
  const module = (router: Router) =>
    registerEntity(router, sampleEntity, {
      table: samples,
      visibility: (ctx) => (ctx.permissions.has('Contact.ManageSettings') ? undefined : sql`t.created_by = ${ctx.tenantUserId}`),
      example: { name: 'Sample' },
      patchExample: [{ op: 'replace', path: '/name', value: 'Renamed' }],
    });
  const tableSql = kindTableSql('samples', 'name text not null', `lower(coalesce(name, ''))`);
  return { module, tableSql };
}

// What a test kind's migration would create: the engine's columns, the kind's own, its search
// columns, and row-level security forced with the tenant policy.
export function kindTableSql(table: string, columns: string, searchText: string): string {
  return `
    create table ${table} (
      tenant_id uuid not null, id uuid not null default gen_random_uuid(), version integer not null default 1,
      custom_fields jsonb not null default '{}'::jsonb, archived_at timestamptz, deleted_at timestamptz, deleted_by uuid, created_by uuid, updated_by uuid,
      created_at timestamptz not null default now(), updated_at timestamptz not null default now(), ${columns},
      search_text text generated always as (${searchText}) stored,
      custom_search text generated always as (atrium_search_values(custom_fields)) stored,
      primary key (tenant_id, id));
    alter table ${table} enable row level security;
    alter table ${table} force row level security;
    create policy tenant_isolation on ${table} using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
    grant select, insert, update, delete on ${table} to atrium_app;`;
}
