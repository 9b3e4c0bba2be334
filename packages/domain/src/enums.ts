// Enumerations of product-spec §3 and §4, as literal unions.
export const ENTITY_KINDS = [
  'Lookup',
  'Email',
  'Project',
  'Role',
  'ProjectTemplate',
  'Contact',
  'Booking',
  'BookingPage',
  'Server',
  'Team',
  'Task',
  'TaskSchedule',
  'TaskType',
  'Resource',
  'Location',
  'ResourceType',
  'Service',
  'External',
  'Helpdesk',
  'Request',
  'Article',
  'Topic',
  'Common',
  'Tenant',
  'Organization',
  'Device',
  'Screen',
  'Core',
  'Campaign',
  // not in the spec's enumeration: campaigns' segments are records of their own (decision 095)
  'Segment',
  'Default',
  'Plan',
  'Filter',
  'Lead',
  'Opportunity',
  'OpportunityType',
  'Dashboard',
  'Setting',
  'Error',
  'Order',
  'Quote',
  'Sample',
  'Import',
  'Export',
  'Site',
  'CustomQuery',
  'AI',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const MODULE_KINDS = ['Project', 'Helpdesk', 'Workplace'] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

export const DOCUMENT_TYPES = ['Image', 'File', 'Document', 'Folder', 'Link'] as const;
export const IMAGE_TYPES = ['Thumb', 'Full'] as const;
export const SCOPE_KINDS = ['Entity', 'Module'] as const;
export const PRIORITIES = ['Critical', 'Highest', 'High', 'Medium', 'Low', 'Lowest'] as const;
export const RECURRENCE_UNITS = ['hours', 'minutes', 'days'] as const;
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const WIDGET_TYPES = ['HelpdeskWidget', 'BookingWidget'] as const;
export const PUBLISH_STATUSES = ['Draft', 'Published'] as const;
export const BOOKABLE_MODES = ['None', 'Bookable', 'Assignable', 'Both'] as const;
export const INTERNAL_VISIBILITIES = ['Everyone', 'Restricted', 'None'] as const;
export const EXTERNAL_VISIBILITIES = ['Anon', 'Registered', 'Restricted', 'None'] as const;
export const SCREEN_LAYOUTS = ['FullScreen', 'HalfSplit', 'RightSplit', 'LeftSplit', 'FullSplit'] as const;
export const SCREEN_CONTENTS = ['BookingsNow', 'BookingsAgenda', 'ProjectBoard', 'Image', 'Text'] as const;
export const SCREEN_POSITIONS = ['full', 'right', 'left', 'top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;
export const CALENDAR_VIEWS = ['day', 'month', 'week', 'work-week', 'agenda', 'timeline'] as const;

// Saved list views are kept per user under these keys (spec §2).
export const SAVED_VIEW_KEYS = [
  'resources',
  'contacts',
  'organizations',
  'leads',
  'teams',
  'booking-pages',
  'bookings',
  'projects',
  'project-templates',
  'screens',
  'helpdesks',
  'devices',
  'campaigns',
  'opportunities',
  'project-tasks',
  'helpdesk-requests',
  'my-tasks',
  'my-requests',
  'scheduled-tasks',
  'sites',
  'users',
  'global-lookups',
  // ours: the asset catalogue's locations and resource types have list pages too (decision 091)
  'locations',
  'resource-types',
  // ours: campaigns' segments have a list page (decision 095)
  'segments',
  // ours: a helpdesk's topics and its knowledge base's articles have list pages too (decision 094)
  'topics',
  'articles',
  // ours: booking services have a list page (issue 22)
  'booking-services',
] as const;
export type SavedViewKey = (typeof SAVED_VIEW_KEYS)[number];
