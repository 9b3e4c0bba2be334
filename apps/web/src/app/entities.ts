import type { NavEntry } from './navigation';
import { CRM_ENTITIES } from '../modules/crm';
import { registerWebEntities, webEntities, type WebEntity } from '../platform/entity/web-entity';

// Every kind with pages. Its list, record and settings pages (app/entity-pages.tsx) and its
// navigation entries come from its definition; nothing is listed by hand per kind.
registerWebEntities([...CRM_ENTITIES]);

export const entityAt = (path: string): WebEntity | undefined => webEntities().find((e) => e.definition.web.path === path);

export const entityNavEntries = (): NavEntry[] =>
  webEntities().map((e) => ({
    key: e.definition.kind,
    path: e.definition.web.path,
    labelKey: `${e.definition.captionKey}.plural`,
    icon: e.definition.web.icon,
    rule: { permissions: [e.definition.permissions.view] },
  }));

export const entitySettingsEntries = (): NavEntry[] =>
  webEntities()
    .filter((e) => e.definition.capabilities.customFields || e.definition.capabilities.workflowStage || e.definition.types)
    .map((e) => ({
      key: `settings-${e.definition.kind}`,
      path: e.definition.web.settingsPath,
      labelKey: `${e.definition.captionKey}.plural`,
      icon: 'SettingOutlined',
      rule: { permissions: [e.definition.permissions.view, e.definition.permissions.settings] },
    }));
