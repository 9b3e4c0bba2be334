import type { TenantContext } from '../../platform/context';

// A slug from a title: lower case, accents removed, anything else a hyphen, at most `max` long
// ("Zurücksetzen des Passworts" → "zurucksetzen-des-passworts"). Empty when nothing is left.
export function slugOf(title: string, max: number): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

const NIL = '00000000-0000-0000-0000-000000000000';
// The module's context in a workspace without a member (the portal's visitor, the publishing
// job): no permission, RLS confines it to the workspace; `name` is who the activity names.
export const systemContext = (tenantId: string, db: TenantContext['db'], name: string): TenantContext => ({
  tenantId,
  tenantUserId: NIL,
  user: { id: NIL, email: '', name },
  role: 'system',
  permissions: new Set(),
  plans: [],
  db,
});
