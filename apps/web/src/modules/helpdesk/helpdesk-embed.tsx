import type { EntityRecord } from '@atrium/domain';
import { EmbedAction } from '../../platform/widgets/embed-action';
import { useCurrentTenantId } from '../../platform/workspace/workspace-store';
import { useMyTenants } from '../workspaces';

// A helpdesk on the portal can be embedded on another site: the Helpdesk widget ("search the
// knowledge base / ask us", the portal's home in its embedded mode).
export function HelpdeskEmbedAction({ record }: { record: EntityRecord }) {
  const tenantId = useCurrentTenantId();
  const workspace = useMyTenants().data?.find((w) => w.id === tenantId)?.slug;
  const helpdesk = typeof record.portalSlug === 'string' ? record.portalSlug : '';
  if (!workspace || !helpdesk || record.portalEnabled !== true) return null;
  return <EmbedAction target={{ type: 'HelpdeskWidget', workspace, helpdesk }} />;
}
