-- Applied after every migration run; idempotent. Enforces the tenant rules of ARCHITECTURE §3
-- on every table that has a tenant_id column, so a new table is covered the day it is added.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'atrium_app') then
    create role atrium_app nologin nosuperuser nobypassrls noinherit;
  end if;
end $$;

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'atrium_identity') then
    create role atrium_identity nologin nosuperuser nobypassrls noinherit;
  end if;
end $$;

-- Connections start as one of these roles (-c role=…), so the owner must be able to switch to
-- them; a superuser can already, a CREATEROLE owner is granted them here.
do $$
begin
  execute format('grant atrium_app, atrium_identity to %I', current_user);
exception when others then
  null;
end $$;

grant usage on schema public to atrium_app;
grant select, insert, update, delete on all tables in schema public to atrium_app;
grant usage, select on all sequences in schema public to atrium_app;

-- Identity secrets: credentials, sessions, one-time tokens, the provider's storage and signing
-- keys. Only atrium_identity reaches them; privileges a table had before it moved here are gone.
create schema if not exists identity;
revoke all on schema identity from public;
revoke all on all tables in schema identity from public, atrium_app;
grant usage on schema identity to atrium_identity;
grant select, insert, update, delete on all tables in schema identity to atrium_identity;
grant usage on schema public to atrium_identity;
grant select, insert, update on public.users to atrium_identity;
grant select, insert on public.mail_outbox to atrium_identity;

-- An external issuer's subject maps to a user through identity.user_identities; requests ask
-- this function for that one mapping instead of reading the table.
-- (bodies are checked when called: an older database migrated step by step may not have the
-- table yet when this file runs)
set check_function_bodies = off;
create or replace function public.atrium_user_for_identity(p_issuer text, p_subject text)
returns uuid
language sql stable security definer set search_path = pg_catalog as $$
  select i.user_id from identity.user_identities i where i.issuer = p_issuer and i.subject = p_subject
$$;
revoke all on function public.atrium_user_for_identity(text, text) from public;
grant execute on function public.atrium_user_for_identity(text, text) to atrium_app;

-- Whether the session an access token names (its sid claim) is still signed in: a token of
-- the embedded provider is refused from the moment its session row is gone (sign-out, password
-- reset, expiry). No sid, nothing to check (tokens of an external issuer; decision 002).
-- PL/pgSQL, not SQL: a security-definer SQL function is planned afresh on every call (~0.1 ms,
-- on every request's tenant entry); PL/pgSQL keeps its plan per connection (decision 097).
create or replace function public.atrium_session_live(p_sid text)
returns boolean
language plpgsql stable security definer set search_path = pg_catalog as $$
begin
  return p_sid is null or exists (
    select 1 from identity.auth_sessions s where s.sid = p_sid and s.expires_at > now());
end $$;
revoke all on function public.atrium_session_live(text) from public;
grant execute on function public.atrium_session_live(text) to atrium_app;
reset check_function_bodies;

-- A session row that goes away tells every node at once (LISTEN/NOTIFY, decision 040): they
-- drop what they remember of it and close its event streams.
create or replace function identity.atrium_session_ended()
returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  perform pg_notify('atrium_session_ended', old.sid);
  return null;
end $$;
revoke all on function identity.atrium_session_ended() from public;
do $$
begin
  if exists (
    select 1 from information_schema.columns
    where table_schema = 'identity' and table_name = 'auth_sessions' and column_name = 'sid'
  ) then
    drop trigger if exists atrium_session_ended on identity.auth_sessions;
    create trigger atrium_session_ended after delete on identity.auth_sessions
      for each row when (old.sid is not null) execute function identity.atrium_session_ended();
  end if;
end $$;

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
-- caller's membership, role permissions and plans, and the workspace's definitions version (for
-- the per-process caches of custom fields and workflows). Runs as the caller, so RLS applies.
-- (dropped first: a function's result columns cannot change in place)
-- p_sid: the session of the caller's access token; one that has ended raises 28A01 (the API
-- answers 401), in the same round trip, before anything else of the request runs.
drop function if exists public.atrium_enter_tenant(uuid, uuid);
drop function if exists public.atrium_enter_tenant(uuid, uuid, text);
drop function if exists public.atrium_enter_tenant(uuid, uuid, text, bigint);
-- p_known: the membership version under which the caller remembers this member's membership
-- (tenancy.ts). While the workspace's membership version is still that one, the answer is one
-- row with no membership (tenant_user_id null) and the versions: what the caller remembers is
-- what the query below would give (every change to it bumps the version in its own transaction,
-- atrium_membership_changed). Otherwise the membership is read afresh with the version it
-- was read under; no row when the user is not an active member.
create function public.atrium_enter_tenant(p_tenant_id uuid, p_user_id uuid, p_sid text default null, p_known bigint default null)
returns table (tenant_user_id uuid, role_name text, permissions text[], plans text[], definitions_version bigint, membership_version bigint)
language plpgsql volatile set search_path = public as $$
declare
  v_membership bigint;
  v_definitions bigint;
begin
  if p_sid is not null and not public.atrium_session_live(p_sid) then
    raise exception 'the session has ended' using errcode = '28A01';
  end if;
  perform set_config('app.tenant_id', p_tenant_id::text, true);
  if p_known is not null then
    select t.membership_version, t.definitions_version into v_membership, v_definitions
    from public.tenants t where t.id = p_tenant_id;
    if v_membership = p_known then
      return query select null::uuid, null::text, null::text[], null::text[], v_definitions, v_membership;
      return;
    end if;
  end if;
  return query
    select tu.id, r.name,
      -- the role's permissions and those the member's teams grant (teams grant module permissions)
      r.permissions || coalesce((
        select array_agg(distinct p order by p)
        from public.team_members tm
        join public.team_permissions tp on tp.tenant_id = tm.tenant_id and tp.team_id = tm.team_id
        -- a team in the recycle bin grants nothing (decision 086)
        join public.teams tt on tt.tenant_id = tm.tenant_id and tt.id = tm.team_id and tt.deleted_at is null
        cross join lateral unnest(tp.permissions) p
        where tm.tenant_id = tu.tenant_id and tm.tenant_user_id = tu.id), '{}'::text[]),
      (select array_agg(s.plan_slug) from public.subscriptions s), t.definitions_version, t.membership_version
    from public.tenant_users tu
    join public.roles r on r.tenant_id = tu.tenant_id and r.id = tu.role_id
    join public.tenants t on t.id = tu.tenant_id
    where tu.user_id = p_user_id and tu.status = 'active';
end $$;
revoke all on function public.atrium_enter_tenant(uuid, uuid, text, bigint) from public;
grant execute on function public.atrium_enter_tenant(uuid, uuid, text, bigint) to atrium_app;

-- Any change to a workspace's custom fields, record types, workflows or notification rules bumps its definitions
-- version in the same transaction: a process that cached definitions under the old version sees
-- the new one on its next tenant entry (after this commit), whichever node made the change.
create or replace function public.atrium_bump_definitions_version()
returns trigger
language plpgsql security definer set search_path = public as $$
begin
  update public.tenants set definitions_version = definitions_version + 1
  where id = coalesce(new.tenant_id, old.tenant_id);
  return null;
end $$;
revoke all on function public.atrium_bump_definitions_version() from public;

do $$
declare
  t text;
begin
  -- (a database migrated only part of the way, as the data-migration tests make, may lack them)
  if not exists (
    select 1 from information_schema.columns
    where table_schema = 'public' and table_name = 'tenants' and column_name = 'definitions_version'
  ) then
    return;
  end if;
  foreach t in array array['entity_fields', 'entity_types', 'workflows', 'workflow_stages', 'notification_rules'] loop
    continue when to_regclass(format('public.%I', t)) is null;
    execute format('drop trigger if exists atrium_definitions_version on public.%I', t);
    execute format(
      'create trigger atrium_definitions_version after insert or update or delete on public.%I for each row execute function public.atrium_bump_definitions_version()',
      t
    );
  end loop;
end $$;

-- Every change to what a member may do — a member added, removed, suspended or given another
-- role; a role's name or permissions, or its deletion; a team changed or deleted (its
-- recycle-bin state); a team's members or permissions; a subscription — does two things in its
-- own transaction:
-- 1. bumps the workspace's membership version: the tenant entry (above) then reads the
--    membership afresh on every node instead of confirming the one it remembers (decision 097);
-- 2. tells every node (LISTEN/NOTIFY, decision 040), which re-reads the membership of the event
--    streams it holds at once instead of at the next periodic check. Payload: "tenant user" for
--    one member, "tenant" for all of a workspace's.
-- (one function and one set of triggers since decision 097; the bump had its own at first)
drop function if exists public.atrium_bump_membership_version() cascade;
create or replace function public.atrium_membership_changed()
returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_tenant uuid := coalesce(new.tenant_id, old.tenant_id);
begin
  update public.tenants set membership_version = membership_version + 1 where id = v_tenant;
  if tg_table_name = 'tenant_users' then
    -- (the member as they were: an added one has no stream yet)
    if old.user_id is not null then
      perform pg_notify('atrium_membership', old.tenant_id::text || ' ' || old.user_id::text);
    end if;
  else
    perform pg_notify('atrium_membership', v_tenant::text);
  end if;
  return null;
end $$;
revoke all on function public.atrium_membership_changed() from public;

do $$
declare
  t text;
begin
  -- (a database migrated only part of the way, as the data-migration tests make, may lack it)
  if not exists (
    select 1 from information_schema.columns
    where table_schema = 'public' and table_name = 'tenants' and column_name = 'membership_version'
  ) then
    return;
  end if;
  drop trigger if exists atrium_membership_changed on public.tenant_users;
  create trigger atrium_membership_changed after update of status, role_id, user_id on public.tenant_users
    for each row when (old.status is distinct from new.status or old.role_id is distinct from new.role_id
      or old.user_id is distinct from new.user_id)
    execute function public.atrium_membership_changed();
  drop trigger if exists atrium_membership_removed on public.tenant_users;
  create trigger atrium_membership_removed after insert or delete on public.tenant_users
    for each row execute function public.atrium_membership_changed();
  drop trigger if exists atrium_membership_changed on public.roles;
  create trigger atrium_membership_changed after update of name, permissions on public.roles
    for each row when (old.name is distinct from new.name or old.permissions is distinct from new.permissions)
    execute function public.atrium_membership_changed();
  drop trigger if exists atrium_membership_removed on public.roles;
  create trigger atrium_membership_removed after delete on public.roles
    for each row execute function public.atrium_membership_changed();
  foreach t in array array['teams', 'team_members', 'team_permissions', 'subscriptions'] loop
    continue when to_regclass(format('public.%I', t)) is null;
    execute format('drop trigger if exists atrium_membership_version on public.%I', t);
    execute format('drop trigger if exists atrium_membership_changed on public.%I', t);
    execute format(
      'create trigger atrium_membership_changed after %s on public.%I for each row execute function public.atrium_membership_changed()',
      case when t = 'teams' then 'update or delete' else 'insert or update or delete' end,
      t
    );
  end loop;
end $$;

-- The helpdesks that take mail at an address (the inbound SMTP listener, decision 094). Mail
-- arrives without a workspace, so this one lookup crosses workspaces (as the owner, past RLS)
-- and answers only ids; the message is then written inside the workspace found, under RLS.
-- Two rows mean the address is ambiguous (the listener refuses it).
set check_function_bodies = off;
create or replace function public.atrium_helpdesks_for_address(p_address text)
returns table (tenant_id uuid, helpdesk_id uuid)
language sql stable security definer set search_path = public as $$
  select h.tenant_id, h.id from public.helpdesks h
  where lower(h.sender_address) = lower(p_address) and h.deleted_at is null and h.archived_at is null
  order by h.created_at limit 2
$$;
revoke all on function public.atrium_helpdesks_for_address(text) from public;
grant execute on function public.atrium_helpdesks_for_address(text) to atrium_app;
reset check_function_bodies;
