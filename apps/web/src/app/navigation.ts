import type { AccessRule } from '../platform/permissions/access';

// Module navigation, filtered by merged permissions, plans and feature flags. A module adds its
// entry here together with its routes in router.tsx.
export type NavEntry = {
  key: string;
  path: string;
  labelKey: string;
  icon: 'dashboard' | 'contacts' | 'settings';
  rule: AccessRule;
  children?: NavEntry[];
};

export const SETTINGS_ENTRIES: NavEntry[] = [
  { key: 'settings-users', path: '/settings/users', labelKey: 'nav.users', icon: 'settings', rule: { permissions: ['Setting.ViewUsers'] } },
  {
    key: 'settings-roles',
    path: '/settings/roles',
    labelKey: 'nav.roles',
    icon: 'settings',
    rule: { permissions: ['Setting.ViewPermissions'] },
  },
  {
    key: 'settings-plans',
    path: '/settings/plans',
    labelKey: 'nav.plans',
    icon: 'settings',
    rule: { permissions: ['Setting.ViewSubscription'] },
  },
  {
    key: 'settings-contacts',
    path: '/settings/contacts',
    labelKey: 'nav.contactSettings',
    icon: 'settings',
    rule: { permissions: ['Contact.ViewContacts', 'Contact.ManageSettings'] },
  },
];

export const NAVIGATION: NavEntry[] = [
  { key: 'dashboard', path: '/dashboard', labelKey: 'nav.dashboard', icon: 'dashboard', rule: {} },
  { key: 'contacts', path: '/contacts', labelKey: 'nav.contacts', icon: 'contacts', rule: { permissions: ['Contact.ViewContacts'] } },
  {
    key: 'settings',
    path: '/settings',
    labelKey: 'nav.settings',
    icon: 'settings',
    rule: { anyPermission: ['Setting.ViewUsers', 'Setting.ViewPermissions', 'Setting.ViewSubscription', 'Contact.ManageSettings'] },
    children: SETTINGS_ENTRIES,
  },
];
