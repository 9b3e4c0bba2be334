// Every server address the SPA uses, in one place (bulletproof-react's `paths`).
export const AUTH_PATHS = {
  session: '/auth/session',
  // email pre-fills the provider's form (an invitation knows the address)
  signIn: (returnTo: string, email?: string) =>
    `/auth/signin?returnTo=${encodeURIComponent(returnTo)}${email ? `&email=${encodeURIComponent(email)}` : ''}`,
  signUp: (returnTo: string, email?: string) =>
    `/auth/signup?returnTo=${encodeURIComponent(returnTo)}${email ? `&email=${encodeURIComponent(email)}` : ''}`,
  signOut: '/auth/signout',
} as const;

export const API = {
  captions: (culture: string) => `/api/v1/admin/captions?culture=${encodeURIComponent(culture)}`,
  plans: '/api/v1/admin/plans',
  features: '/api/v1/admin/features',
  tenants: '/api/v1/admin/tenants',
  tenant: (id: string) => `/api/v1/admin/tenants/${id}`,
  slugAvailable: (slug: string) => `/api/v1/admin/tenants/slug-available?slug=${encodeURIComponent(slug)}`,
  recommendedTenants: '/api/v1/admin/tenants/recommended',
  joinTenant: (id: string) => `/api/v1/admin/tenants/${id}/join`,
  invitation: (token: string) => `/api/v1/admin/invitations/${encodeURIComponent(token)}`,
  acceptInvitation: (token: string) => `/api/v1/admin/invitations/${encodeURIComponent(token)}/accept`,
  myPermissions: '/api/v1/admin/permissions/me',
  roles: '/api/v1/admin/roles',
  role: (id: string) => `/api/v1/admin/roles/${id}`,
  subscriptions: '/api/v1/admin/subscriptions',
  subscription: (productType: string) => `/api/v1/admin/subscriptions/${productType}`,
  workspaceDomain: '/api/v1/admin/workspace-domain',
  workspaceDomainDns: '/api/v1/admin/workspace-domain/verify-dns',
  workspaceDomainCode: '/api/v1/admin/workspace-domain/code',
  workspaceDomainConfirm: '/api/v1/admin/workspace-domain/code/confirm',
  usersList: '/api/v1/core/users/list',
  users: '/api/v1/core/users',
  user: (tenantUserId: string) => `/api/v1/core/users/${tenantUserId}`,
  userInvite: (tenantUserId: string) => `/api/v1/core/users/${tenantUserId}/invite`,
  profile: '/api/v1/core/profile',
  profilePicture: '/api/v1/core/profile/picture',
  timeZones: '/api/v1/core/lookups/time-zones',
  cultures: '/api/v1/core/lookups/cultures',
  savedViews: (listKey: string) => `/api/v1/core/saved-views?listKey=${encodeURIComponent(listKey)}`,
  savedViewCreate: '/api/v1/core/saved-views',
  savedView: (id: string) => `/api/v1/core/saved-views/${id}`,
} as const;
