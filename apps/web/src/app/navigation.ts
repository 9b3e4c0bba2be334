// a module's nav file, not its door: the door brings the booking dialog
import { BOOKINGS_NAV } from '../modules/bookings/bookings.nav';
import { CALENDAR_INTEGRATIONS_PATH } from '../modules/bookings/bookings.routes';
import type { AccessRule } from '../platform/permissions/access';
import { webEntities } from '../platform/entity/web-entity';
// registers the kinds with pages before their entries below are read
import './entities';

// Module navigation, filtered by merged permissions, plans and feature flags. Entity kinds add
// their entries from their definitions (app/entities.ts registers them).
export type NavEntry = {
  key: string;
  path: string;
  labelKey: string;
  // the name of an @ant-design/icons component (platform/entity/entity-icons.tsx)
  icon: string;
  rule: AccessRule;
  children?: NavEntry[];
  // the module whose heading the entry sits under (its caption: <module>.module); on the
  // settings page, the section (its caption: nav.settingsSection.<group>, or the module's)
  group?: string;
};

// each kind's list entry and, if it has settings, its settings entry
const entityNavEntries = (): NavEntry[] =>
  webEntities().map((e) => ({
    key: e.definition.kind,
    path: e.definition.web.path,
    labelKey: `${e.definition.captionKey}.plural`,
    icon: e.definition.web.icon,
    // a kind with a role scope: also for those who see some of its records through a role only
    rule: {
      permissions: [e.definition.permissions.view],
      ...(e.definition.roleScope ? { viaRoles: true } : {}),
      ...(e.hiddenBy ? { hiddenBy: e.hiddenBy } : {}),
    },
    group: e.definition.module,
  }));

const entitySettingsEntries = (): NavEntry[] =>
  webEntities()
    .filter((e) => e.definition.capabilities.customFields || e.definition.capabilities.workflowStage || e.definition.types)
    .map((e) => ({
      key: `settings-${e.definition.kind}`,
      path: e.definition.web.settingsPath,
      labelKey: `${e.definition.captionKey}.plural`,
      icon: 'SettingOutlined',
      rule: { permissions: [e.definition.permissions.view, e.definition.permissions.settings] },
      group: e.definition.module,
    }));

const SHELL_SETTINGS: NavEntry[] = [
  {
    key: 'settings-users',
    group: 'people',
    path: '/settings/users',
    labelKey: 'nav.users',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewUsers'] },
  },
  {
    key: 'settings-roles',
    group: 'people',
    path: '/settings/roles',
    labelKey: 'nav.roles',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewPermissions'] },
  },
  {
    key: 'settings-workspace',
    group: 'workspace',
    path: '/settings/workspace',
    labelKey: 'nav.workspace',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewWorkspace'] },
  },
  {
    key: 'settings-plans',
    group: 'workspace',
    path: '/settings/plans',
    labelKey: 'nav.plans',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewSubscription'] },
  },
  {
    key: 'settings-calendar-integrations',
    group: 'workspace',
    path: CALENDAR_INTEGRATIONS_PATH,
    labelKey: 'calendarIntegrations.nav',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewIntegrations'] },
  },
  {
    key: 'settings-domain',
    group: 'workspace',
    path: '/settings/domain',
    labelKey: 'nav.domain',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewUserDomain'] },
  },
  {
    key: 'settings-widgets',
    group: 'workspace',
    path: '/settings/widgets',
    labelKey: 'nav.widgets',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewWorkspace'] },
  },
  {
    key: 'settings-email-templates',
    group: 'communication',
    path: '/settings/email-templates',
    labelKey: 'nav.emailTemplates',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewTemplates'] },
  },
  {
    key: 'settings-notification-rules',
    group: 'communication',
    path: '/settings/notification-rules',
    labelKey: 'nav.notificationRules',
    icon: 'SettingOutlined',
    rule: { permissions: ['Setting.ViewNotifications'] },
  },
];

// The settings page's sections, the workspace's own first, then each module's kinds.
export const SETTINGS_ENTRIES: NavEntry[] = [
  ...['workspace', 'people', 'communication'].flatMap((group) => SHELL_SETTINGS.filter((e) => e.group === group)),
  ...entitySettingsEntries(),
];

// One entry at the foot of the navigation (and in the user menu): the settings page.
export const SETTINGS_NAV: NavEntry = {
  key: 'settings',
  path: '/settings',
  labelKey: 'nav.settings',
  icon: 'SettingOutlined',
  rule: { anyPermission: SETTINGS_ENTRIES.flatMap((e) => e.rule.permissions?.slice(-1) ?? []) },
};

export const NAVIGATION: NavEntry[] = [
  { key: 'dashboard', path: '/dashboard', labelKey: 'nav.dashboard', icon: 'DashboardOutlined', rule: {} },
  ...entityNavEntries(),
  BOOKINGS_NAV,
];

// The caption of a settings section.
export const settingsGroupKey = (group: string): string =>
  ['workspace', 'people', 'communication'].includes(group) ? `nav.settingsSection.${group}` : `${group}.module`;
