import {
  bookingPageEntity,
  helpdeskEntity,
  type EntityRecord,
  type WidgetSettings,
  type WidgetSettingsUpdate,
  type WidgetTarget,
} from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../platform/api/api-client';
import { API } from '../../../platform/api/paths';
import { workspaceKey } from '../../../platform/api/query-keys';
import { entityApi } from '../../../platform/entity/entity-api';

export const widgetSettingsKeys = { current: () => workspaceKey('widget-settings'), targets: () => workspaceKey('widget-targets') };

export const useWidgetSettings = () =>
  useQuery({ queryKey: widgetSettingsKeys.current(), queryFn: () => apiRequest<WidgetSettings>(API.widgetSettings) });

export function useUpdateWidgetSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WidgetSettingsUpdate) => apiRequest<WidgetSettings>(API.widgetSettings, { method: 'PUT', body }),
    onSuccess: (state) => qc.setQueryData(widgetSettingsKeys.current(), state),
  });
}

export type NamedWidgetTarget = { name: string; target: WidgetTarget };

const text = (v: unknown) => (typeof v === 'string' ? v : '');
// the records a member may not read leave their list out (403): no codes of them
const listOf = (fetch: () => Promise<{ data: EntityRecord[] }>) =>
  fetch().then(
    (r) => r.data,
    () => [] as EntityRecord[],
  );

// What can be embedded: booking pages on the portal for anyone, helpdesks on the portal.
export function useWidgetTargets(workspace: string | undefined) {
  return useQuery({
    queryKey: [...widgetSettingsKeys.targets(), workspace],
    enabled: Boolean(workspace),
    queryFn: async (): Promise<NamedWidgetTarget[]> => {
      const ws = workspace ?? '';
      const [pages, helpdesks] = await Promise.all([
        listOf(() => entityApi(bookingPageEntity).fetchList({ pageSize: 100 })),
        listOf(() => entityApi(helpdeskEntity).fetchList({ pageSize: 100 })),
      ]);
      return [
        ...pages
          .filter((p) => p.portalEnabled === true && p.externalVisibility === 'Anon' && text(p.slug))
          .map((p) => ({ name: text(p.name), target: { type: 'BookingWidget' as const, workspace: ws, page: text(p.slug) } })),
        ...helpdesks
          .filter((h) => h.portalEnabled === true && text(h.portalSlug))
          .map((h) => ({ name: text(h.name), target: { type: 'HelpdeskWidget' as const, workspace: ws, helpdesk: text(h.portalSlug) } })),
      ];
    },
  });
}
