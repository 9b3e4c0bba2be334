import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZES } from './constants';
import { MODULE_KINDS } from './enums';
import { isPublicMailDomain } from './public-mail-domains';

// Messages that are error codes: the server turns them into problem field errors.
export const slugSchema = z
  .string({ error: 'slugRequired' })
  .trim()
  .min(1, { error: 'slugRequired' })
  .max(LIMITS.slugMax, { error: 'slugMaxLength' })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: 'slugInvalid' });

export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.domainMax, { error: 'domainMaxLength' })
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, { error: 'domainInvalid' });

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

// Checks in order, each stopping the rest: the API document shows the same string with its
// length and e-mail format (a preprocess documents its target schema; a pipe would show only
// its first half).
export const emailSchema = z.preprocess(
  trimmed,
  z
    .string({ error: 'required' })
    .min(1, { error: 'required', abort: true })
    .max(LIMITS.emailMax, { error: 'maxLength', abort: true })
    .email({ error: 'invalidEmail' }),
);

export const nameSchema = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(LIMITS.nameMax, { error: 'maxLength' });

// a uuid in any letter case (ids in paths, mentions, import cells)
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const pageSizeSchema = z.union(PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<25>, z.ZodLiteral<50>, z.ZodLiteral<100>], {
  error: `must be one of ${PAGE_SIZES.join(', ')}`,
});
// the same in a query string ("50"), documented as 25, 50 or 100
export const pageSizeQuerySchema = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), pageSizeSchema);

export const pagedRequestSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  search: z.string().max(200).optional(),
});
export type PagedRequest = z.infer<typeof pagedRequestSchema>;

export const pagedResponse = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });

export const idListSchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(1000) });

// The recycle bin of a kind (decision 086): deleted records, newest first, with who deleted them.
export const recycleBinQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: pageSizeQuerySchema.default(DEFAULT_PAGE_SIZE),
});
export type RecycleBinQuery = z.infer<typeof recycleBinQuerySchema>;
export const recycleBinEntrySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  deletedAt: z.string(),
  deletedBy: z.object({ id: z.uuid(), title: z.string() }).nullable(),
});
export type RecycleBinEntry = z.infer<typeof recycleBinEntrySchema>;

// Tenants (Admin: tenant register, list, {id})
export const tenantRegisterSchema = z
  .strictObject({
    name: nameSchema,
    slug: slugSchema,
    domain: z.union([domainSchema, z.literal('')]).optional(),
    domainSignUp: z.boolean().default(false),
    currency: z.enum(CURRENCIES, { error: 'invalidOption' }).default(DEFAULT_CURRENCY),
  })
  .superRefine((v, ctx) => {
    if (v.domainSignUp && !v.domain) {
      ctx.addIssue({ code: 'custom', path: ['domain'], message: 'domainRequired' });
    }
    // a public mail domain would let anyone with a mailbox there in
    if (v.domain && isPublicMailDomain(v.domain)) {
      ctx.addIssue({ code: 'custom', path: ['domain'], message: 'publicMailDomain' });
    }
  })
  .meta({
    description:
      'Rules: `domainRequired`, domain sign-up needs a domain; `publicMailDomain`, a public mail domain (gmail.com, outlook.com…) cannot be a workspace domain.',
  });
export type TenantRegister = z.infer<typeof tenantRegisterSchema>;

export const tenantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  domain: z.string().nullable(),
  domainSignUp: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const myTenantSchema = tenantSchema.extend({ tenantUserId: z.uuid(), role: z.string() });
export type MyTenant = z.infer<typeof myTenantSchema>;

// Workspace users, keyed by tenantUserId
export const workspaceUserSchema = z.object({
  tenantUserId: z.uuid(),
  userId: z.uuid().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  roleId: z.uuid(),
  roleName: z.string(),
  // the system role's key (Admin, Member, PortalUser), null for a workspace's own role: the
  // client names a system role in the user's language by it
  roleKey: z.string().nullable(),
  status: z.enum(['invited', 'active']),
  invitedAt: z.string(),
  joinedAt: z.string().nullable(),
});
export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

export const workspaceUserCreateSchema = z.strictObject({
  email: emailSchema,
  roleId: z.uuid({ error: 'required' }),
});
export type WorkspaceUserCreate = z.infer<typeof workspaceUserCreateSchema>;

export const workspaceUserUpdateSchema = z.strictObject({ roleId: z.uuid({ error: 'required' }) });
export type WorkspaceUserUpdate = z.infer<typeof workspaceUserUpdateSchema>;

export const workspaceUserListSchema = pagedRequestSchema.extend({
  status: z.enum(['invited', 'active']).optional(),
  sort: z
    .array(z.strictObject({ field: z.enum(['email', 'name', 'role', 'status', 'invitedAt']), order: z.enum(['asc', 'desc']) }))
    .max(3)
    .optional(),
});
export type WorkspaceUserList = z.infer<typeof workspaceUserListSchema>;

// Roles
export const roleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  systemKey: z.string().nullable(),
  permissions: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;
export const roleWriteSchema = z.strictObject({
  name: nameSchema,
  permissions: z.array(z.string().max(100)).max(500),
});
export type RoleWrite = z.infer<typeof roleWriteSchema>;

// Plans and subscriptions
export const productTypeSchema = z.enum(MODULE_KINDS);
export const subscriptionSchema = z.object({
  productType: productTypeSchema,
  planSlug: z.string(),
  startedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionChangeSchema = z.strictObject({ planSlug: z.string().min(1).max(100) });

// Profile
export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  timeZone: z.string(),
  culture: z.string(),
  pictureUrl: z.string().nullable(),
  emailVerified: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
// The IANA zones this runtime knows (what the time-zone lookup offers), and UTC, which some
// runtimes list only by its aliases.
export const TIME_ZONES = [
  ...new Set(['UTC', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [])]),
] as [string, ...string[]];
export const timeZoneSchema = z.enum(TIME_ZONES, { error: 'validation' });

export const profileUpdateSchema = z.strictObject({
  name: nameSchema,
  timeZone: timeZoneSchema,
  culture: z.string().min(2).max(20),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

// Session (BFF)
export const sessionSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  accessToken: z.string().nullable(),
  accessTokenExpires: z.number().nullable(),
  error: z.literal('RefreshAccessTokenError').nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const myPermissionsSchema = z.object({
  permissions: z.array(z.string()),
  role: z.string(),
  plans: z.array(z.string()),
  // held through a role in at least one record (a project role), not in the workspace: a kind
  // with a role scope is reachable by them (its records then narrowed by the server)
  throughRoles: z.array(z.string()),
});
export type MyPermissions = z.infer<typeof myPermissionsSchema>;
