import { leadEntity, type EntityRecord, type LeadConversion, type LeadConversionResult } from '@atrium/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { fetchLookup } from '../../platform/entity/reference-picker';

export const LEAD_CONVERSION_PATHS = {
  convert: (leadId: string) => `${leadEntity.basePath}/${leadId}/convert`,
} as const;

export const leadConversionKeys = {
  sameNameOrganization: (name: string) => workspaceKey('lead-conversion', 'organization', name),
};

// Converts a lead at the version shown (a stale one is a 412).
export function useConvertLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ lead, body }: { lead: EntityRecord; body: LeadConversion }) =>
      apiRequest<LeadConversionResult>(LEAD_CONVERSION_PATHS.convert(lead.id), {
        method: 'PUT',
        body,
        headers: { 'if-match': `"${lead.version}"` },
      }),
    // a new record, moved notes, documents, tags and history: reload what is shown
    onSuccess: () => void qc.invalidateQueries({ queryKey: workspaceKey() }),
  });
}

// An organization whose name is the lead's company, offered instead of creating a second one.
export const sameNameOrganizationQuery = (name: string) =>
  queryOptions({
    queryKey: leadConversionKeys.sameNameOrganization(name),
    queryFn: async () => {
      const found = await fetchLookup('Organization', name, []);
      return found.find((o) => o.label.trim().toLowerCase() === name.toLowerCase()) ?? null;
    },
  });
export const useSameNameOrganization = (name: string, enabled: boolean) =>
  useQuery({ ...sameNameOrganizationQuery(name), enabled: enabled && name !== '' });
