import { matchPath, useParams } from 'react-router';
import { EntityListRoute } from '../platform/entity-pages/entity-list.route';
import { EntityRecordRoute } from '../platform/entity-pages/entity-record.route';
import { EntitySettingsRoute } from '../platform/entity/entity-settings.route';
import { ImportWizard } from '../platform/import-export/import-wizard';
import { prefetchListPage, prefetchRecordPage } from '../platform/entity-pages/page-prefetch';
import { AccessDeniedPage } from '../platform/errors/access-denied.page';
import { NotFoundPage } from '../platform/errors/not-found.page';
import { useAccess } from '../platform/permissions/use-access';
import type { WebEntity } from '../platform/entity/web-entity';
import { entityAt } from './entities';
import { whenFirstAddressKnown } from './first-address';

// The pages of every entity kind behind three generic routes (/:section, /:section/:id,
// /settings/:section), so that the definitions load with the workspace frame, not with the
// first page. An unknown section is a 404; a kind the user may not see, access denied.
function Guarded({ settings, importing, render }: { settings?: boolean; importing?: boolean; render: (e: WebEntity) => React.ReactNode }) {
  const { section = '' } = useParams();
  const { ready, can } = useAccess();
  const entity = entityAt(`/${section}`);
  if (!entity) return <NotFoundPage />;
  if (!ready) return null;
  const p = entity.definition.permissions;
  if (importing && (!entity.definition.capabilities.importExport || !p.import)) return <NotFoundPage />;
  const needed = settings ? [p.view, p.settings] : importing && p.import ? [p.view, p.import] : [p.view];
  // a kind with a role scope opens for those who see some of its records through a role only
  const viaRoles = !settings && !importing && entity.definition.roleScope !== undefined;
  if (!can({ permissions: needed, viaRoles })) return <AccessDeniedPage />;
  return <>{render(entity)}</>;
}

export const EntityListPage = () => <Guarded render={(e) => <EntityListRoute key={e.definition.kind} entity={e} />} />;
export const EntityRecordPage = () => <Guarded render={(e) => <EntityRecordRoute key={e.definition.kind} entity={e} />} />;
export const EntitySettingsPage = () => (
  <Guarded settings render={(e) => <EntitySettingsRoute key={e.definition.kind} definition={e.definition} />} />
);
export const EntityImportPage = () => (
  <Guarded importing render={(e) => <ImportWizard key={e.definition.kind} definition={e.definition} />} />
);

// The first address's record or list page: its record and open tab, or its columns and board,
// are asked for with the start-up's calls, as soon as this module is evaluated and the session is known (first-address.ts)
whenFirstAddressKnown((url) => {
  const record = matchPath('/:section/:id', url.pathname);
  const list = matchPath('/:section', url.pathname);
  const entity = entityAt(`/${(record ?? list)?.params.section ?? ''}`);
  if (!entity) return;
  if (record?.params.id) prefetchRecordPage(entity, record.params.id, url.searchParams.get('tab'));
  else if (list) prefetchListPage(entity, url.searchParams);
});
