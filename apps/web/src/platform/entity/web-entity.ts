import {
  ENTITY_DEFINITIONS,
  type EntityDefinition,
  type EntityKind,
  type EntityRecord,
  type FeatureFlags,
  type Permission,
} from '@atrium/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { EntityListRequest } from './list-definition';

// What a module adds to a kind's generic pages: cells that render a field its own way, tabs on
// the record page, actions in its header (a lead's "Convert") and a banner above its panels (where
// a converted lead went). Everything else (list, record page, form, panels, settings, routes,
// navigation, record paths) comes from the definition.
// What the form hands a structured field's editor (the Form.Item's id, value and onChange), and
// the record's id on a record's form (none in the create dialog: nothing to attach files to yet).
export type StructuredEditorProps = {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled: boolean;
  recordId?: string;
};

export type WebEntity = {
  definition: EntityDefinition;
  cells?: Record<string, (record: EntityRecord) => ReactNode>;
  // a tab shows only to holders of its permission, when it names one; `prefetch` asks for what
  // the tab needs first (its chunk, its data) as soon as an address names the record and the tab,
  // together with the record itself (the record route's loader), not after the page has rendered
  tabs?: {
    key: string;
    labelKey: string;
    permission?: Permission;
    render: (record: EntityRecord) => ReactNode;
    prefetch?: (recordId: string, queryClient: QueryClient) => void;
  }[];
  actions?: (record: EntityRecord) => ReactNode;
  banner?: (record: EntityRecord) => ReactNode;
  // buttons in the list's toolbar, given the list's request as filtered and sorted
  listActions?: (request: EntityListRequest) => ReactNode;
  // form inputs of the kind's structured (json) fields that the definition puts on the form
  // (`form: true`), keyed by field: a location's opening hours, a resource's attributes
  editors?: Record<string, ComponentType<StructuredEditorProps>>;
  // the plan's feature flag that hides the kind's navigation entry (hideCampaigns)
  hiddenBy?: keyof Pick<FeatureFlags, 'hideDevices' | 'hideBookings' | 'hideCampaigns'>;
  // a kind whose records own roles (roleScope): the caller's permissions in one of them, the
  // workspace's merged with their role there (the pages of the record and of its children follow them)
  rolePermissions?: {
    queryKey: (ownerId: string) => readonly unknown[];
    fetch: (ownerId: string) => Promise<{ permissions: string[] }>;
  };
};

const registered = new Map<EntityKind, WebEntity>();

export function registerWebEntities(entities: readonly WebEntity[]): void {
  for (const e of entities) registered.set(e.definition.kind, e);
}

export const webEntities = (): WebEntity[] => [...registered.values()];
export const webEntityOf = (kind: string): WebEntity | undefined => registered.get(kind as EntityKind);

export function definitionOf(kind: string): EntityDefinition {
  const found = registered.get(kind as EntityKind)?.definition ?? ENTITY_DEFINITIONS.find((d) => d.kind === kind);
  if (!found) throw new Error(`${kind} has no definition`);
  return found;
}

// Where a record opens: its kind's web path (undefined for kinds without pages yet).
export function recordPath(kind: string, id: string): string | undefined {
  const entity = registered.get(kind as EntityKind);
  return entity ? `${entity.definition.web.path}/${id}` : undefined;
}

// The caption keys of a kind's names, for t(): {{singular}} and {{plural}} in generic captions.
export const kindNames = (definition: Pick<EntityDefinition, 'captionKey'>) => ({
  singular: `${definition.captionKey}.singular`,
  plural: `${definition.captionKey}.plural`,
});
