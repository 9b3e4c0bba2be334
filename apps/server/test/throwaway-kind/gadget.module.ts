import { entityTable } from '../../src/platform/entity/entity-table';
import { registerEntity } from '../../src/platform/entity';
import type { Router } from '../../src/platform/router';
import { gadgetEntity } from './gadget.entity';

// The server side of the throwaway kind: its table and its one registration.
export const gadgets = entityTable('gadgets', gadgetEntity);

export function registerGadgets(router: Router): void {
  registerEntity(router, gadgetEntity, {
    table: gadgets,
    example: { name: 'Oscilloscope' },
    patchExample: [{ op: 'replace', path: '/condition', value: 'used' }],
  });
}

// What its migration would create (engine columns, its fields, search columns, forced RLS).
export const GADGETS_SQL = `
  create table gadgets (
    tenant_id uuid not null, id uuid not null default gen_random_uuid(), version integer not null default 1,
    custom_fields jsonb not null default '{}'::jsonb, archived_at timestamptz, created_by uuid, updated_by uuid,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    name text not null, serial_number text, price numeric(15, 2), purchased_on date, condition text,
    search_text text generated always as (lower(coalesce(name, '') || ' ' || coalesce(serial_number, ''))) stored,
    custom_search text generated always as (atrium_search_values(custom_fields)) stored,
    primary key (tenant_id, id));
  alter table gadgets enable row level security;
  alter table gadgets force row level security;
  create policy tenant_isolation on gadgets using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
  grant select, insert, update, delete on gadgets to atrium_app;`;
