// Permission names of product-spec §6, qualified by module because several names
// (ManageSettings, AddNote…) exist in more than one module.
const MODULE_PERMISSIONS = {
  Resource: [
    'ViewResources',
    'CreateResources',
    'ManageResources',
    'ManageSettings',
    'AddDocument',
    'ManageDocuments',
    'AddNote',
    'ManageNotes',
    'ManageResourceLocations',
    'ManageResourceTypes',
    'ViewTimeline',
    'ViewRestrictedFields',
    'ManageRestrictedFields',
    'ViewImports',
    'ViewExports',
    'ManageImports',
    'ManageExports',
    'Import',
    'Export',
    'ViewOpportunities',
  ],
  Contact: [
    'ViewContacts',
    'CreateContacts',
    'ManageContacts',
    'ViewTimeline',
    'AddNote',
    'ManageNotes',
    'AddDocument',
    'ManageDocuments',
    'Import',
    'Export',
    'CreateOrganizations',
    'ManageOrganizations',
    'ViewOrganizations',
    'ManageSettings',
    'ViewRestrictedFields',
    'ManageRestrictedFields',
    'ViewContactImports',
    'ManageContactImports',
    'ViewContactExports',
    'ManageContactExports',
    'ViewLeadImports',
    'ManageLeadImports',
    'ViewLeadExports',
    'ManageLeadExports',
    'ViewQuotations',
  ],
  Opportunity: [
    'CreateOpportunity',
    'ManageOpportunity',
    'AddNote',
    'ManageNotes',
    'AddDocument',
    'ManageDocuments',
    'ViewTimeline',
    'ViewOpportunities',
  ],
  Project: [
    'ViewProjects',
    'CreateProjects',
    'ManageProjects',
    'ManageSettings',
    'AddDocument',
    'ManageDocuments',
    'CreateTasks',
    'ManageTasks',
    'DeleteTasks',
    'ScheduleTasks',
    'CreateTasksAcrossProjects',
    'CreateProjectTemplates',
    'ManageProjectTemplates',
    'ViewProjectTemplates',
    'ViewRestrictedFields',
    'ManageRestrictedFields',
    'ViewTaskCalendar',
    'ViewOpportunities',
    'ViewCustomFields',
    'ViewScheduleTasks',
    'ViewSettings',
    'ViewProjectOwner',
  ],
  Helpdesk: [
    'View',
    'Create',
    'ManageKnowledgeBase',
    'Manage',
    'ManageRequests',
    'DeleteRequests',
    'ManageProjectSettings',
    'PublishHelpdesk',
    'PublishArticles',
    'RequestViaEmail',
    'ViewCustomFields',
    'ViewSites',
  ],
  Setting: [
    'ViewTeams',
    'ManageTeams',
    'ViewPermissions',
    'ManagePermissions',
    'ViewProfile',
    'ManageProfile',
    'ViewNotifications',
    'ManageNotifications',
    'ViewLookups',
    'ManageLookups',
    'ViewTemplates',
    'ManageTemplates',
    'ViewIntegrations',
    'ManageIntegrations',
    'ViewUsers',
    'ManageUsers',
    'ViewWorkspace',
    'ManageWorkspace',
    'ViewUserDomain',
    'ManageUserDomain',
    'ViewSubscription',
    'ManageSubscription',
  ],
  Dashboard: [
    'ViewMyTaskCalendar',
    'ViewMyResources',
    'ViewMyProjects',
    'ViewMyRequests',
    'ViewMyCalendar',
    'ViewMyTasks',
    'UnlinkProject',
  ],
  Booking: ['ViewBookingPages'],
  Campaign: ['ViewCampaigns'],
  Device: ['ViewDevices'],
  Site: ['ViewSites'],
  // View{product}AI; customer management is the Contact module's product (decision 077)
  AI: ['ViewHelpdeskAI', 'ViewProjectAI', 'ViewWorkplaceAI', 'ViewContactAI'],
} as const;

// Plan-gated features (Plan.*), granted by a subscription, never by a role.
export const PLAN_FEATURES = [
  'TaskWorklog',
  'LinkTasks',
  'TaskCustomFields',
  'LinkedItems',
  'CustomEmails',
  'Roles',
  'Projects',
  'LocationMap',
  'ProjectSettings',
  'AdvancedFields',
  'PortalBookings',
  'PortalHomePage',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

type ModulePermissions = typeof MODULE_PERMISSIONS;
export type PermissionModule = keyof ModulePermissions;
export type RolePermission = {
  [M in PermissionModule]: `${M}.${ModulePermissions[M][number]}`;
}[PermissionModule];
export type PlanPermission = `Plan.${PlanFeature}`;
export type Permission = RolePermission | PlanPermission;

export const PERMISSION_MODULES = Object.keys(MODULE_PERMISSIONS) as PermissionModule[];

export const ROLE_PERMISSIONS: readonly RolePermission[] = PERMISSION_MODULES.flatMap((m) =>
  MODULE_PERMISSIONS[m].map((name) => `${m}.${name}` as RolePermission),
);
export const PLAN_PERMISSIONS: readonly PlanPermission[] = PLAN_FEATURES.map((f) => `Plan.${f}` as const);
export const ALL_PERMISSIONS: readonly Permission[] = [...ROLE_PERMISSIONS, ...PLAN_PERMISSIONS];

export function permissionsOf(module: PermissionModule): readonly RolePermission[] {
  return ROLE_PERMISSIONS.filter((p) => p.startsWith(`${module}.`));
}

const PERMISSION_SET: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

// Every workspace member holds these whatever the role (the spec's "default permissions").
export const DEFAULT_PERMISSIONS: readonly RolePermission[] = [
  'Setting.ViewProfile',
  'Setting.ManageProfile',
  'Dashboard.ViewMyTaskCalendar',
  'Dashboard.ViewMyResources',
  'Dashboard.ViewMyProjects',
  'Dashboard.ViewMyRequests',
  'Dashboard.ViewMyCalendar',
  'Dashboard.ViewMyTasks',
];

export const SYSTEM_ROLES = ['Admin', 'Member', 'PortalUser'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

const MEMBER_EXCLUDED = new Set<string>([
  'Setting.ManageTeams',
  'Setting.ManagePermissions',
  'Setting.ManageUsers',
  'Setting.ManageWorkspace',
  'Setting.ManageUserDomain',
  'Setting.ManageSubscription',
  'Setting.ManageIntegrations',
  'Setting.ManageTemplates',
  'Setting.ManageLookups',
  'Setting.ManageNotifications',
  'Contact.ManageSettings',
  'Resource.ManageSettings',
  'Project.ManageSettings',
  'Helpdesk.ManageProjectSettings',
  'Contact.ManageRestrictedFields',
  'Resource.ManageRestrictedFields',
  'Project.ManageRestrictedFields',
  'Contact.ViewRestrictedFields',
  'Resource.ViewRestrictedFields',
  'Project.ViewRestrictedFields',
  'Helpdesk.PublishHelpdesk',
  // members see and manage only their own imports and exports (decision 078): another
  // member's export file may hold what they may not read
  'Contact.ViewContactImports',
  'Contact.ManageContactImports',
  'Contact.ViewContactExports',
  'Contact.ManageContactExports',
  'Contact.ViewLeadImports',
  'Contact.ManageLeadImports',
  'Contact.ViewLeadExports',
  'Contact.ManageLeadExports',
  'Resource.ViewImports',
  'Resource.ManageImports',
  'Resource.ViewExports',
  'Resource.ManageExports',
]);

// Permissions a new workspace gives its system roles; admins can edit every role afterwards.
export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRole, readonly RolePermission[]> = {
  Admin: ROLE_PERMISSIONS,
  Member: ROLE_PERMISSIONS.filter((p) => !MEMBER_EXCLUDED.has(p)),
  PortalUser: ['Helpdesk.View', 'Booking.ViewBookingPages'],
};
