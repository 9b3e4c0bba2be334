-- Applied after every migration run; idempotent. Enforces the tenant rules of ARCHITECTURE §3
-- on every table that has a tenant_id column, so a new table is covered the day it is added.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'atrium_app') then
    create role atrium_app nologin nosuperuser nobypassrls noinherit;
  end if;
end $$;

grant usage on schema public to atrium_app;
grant select, insert, update, delete on all tables in schema public to atrium_app;
grant usage, select on all sequences in schema public to atrium_app;

do $$
declare
  t record;
begin
  for t in
    select c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')
  loop
    execute format('alter table public.%I enable row level security', t.relname);
    execute format('alter table public.%I force row level security', t.relname);
    if not exists (
      select 1 from pg_policies where schemaname = 'public' and tablename = t.relname and policyname = 'tenant_isolation'
    ) then
      execute format(
        'create policy tenant_isolation on public.%I using (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid) with check (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
        t.relname
      );
    end if;
  end loop;
end $$;

-- "My workspaces" is the one read that crosses tenants: it returns only the caller's own
-- memberships, and runs as the owner so that RLS does not hide the other tenants' rows.
create or replace function public.atrium_user_memberships(p_user_id uuid)
returns table (tenant_id uuid, tenant_user_id uuid, role_name text)
language sql stable security definer set search_path = public as $$
  select tu.tenant_id, tu.id, r.name
  from public.tenant_users tu
  join public.roles r on r.tenant_id = tu.tenant_id and r.id = tu.role_id
  where tu.user_id = p_user_id and tu.status = 'active'
$$;
revoke all on function public.atrium_user_memberships(uuid) from public;
grant execute on function public.atrium_user_memberships(uuid) to atrium_app;

-- Entering a tenant in one round trip: sets app.tenant_id for the transaction and returns the
-- caller's membership, role permissions and plans. Runs as the caller, so RLS applies.
create or replace function public.atrium_enter_tenant(p_tenant_id uuid, p_user_id uuid)
returns table (tenant_user_id uuid, role_name text, permissions text[], plans text[])
language plpgsql volatile set search_path = public as $$
begin
  perform set_config('app.tenant_id', p_tenant_id::text, true);
  return query
    select tu.id, r.name, r.permissions, (select array_agg(s.plan_slug) from public.subscriptions s)
    from public.tenant_users tu
    join public.roles r on r.tenant_id = tu.tenant_id and r.id = tu.role_id
    where tu.user_id = p_user_id and tu.status = 'active';
end $$;
revoke all on function public.atrium_enter_tenant(uuid, uuid) from public;
grant execute on function public.atrium_enter_tenant(uuid, uuid) to atrium_app;
