import {
  campaignEntity,
  customQueryEntity,
  segmentEntity,
  type CampaignRecipient,
  type CustomQueryFilter,
  type EntityColumn,
  type EntityRecord,
  type Job,
  type RecipientState,
  type SegmentCount,
} from '@atrium/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { entityApi } from '../../platform/entity/entity-api';
import { rememberJob } from '../../platform/jobs/jobs.api';
import { useLiveStatus, useRecordEvents } from '../../platform/live/use-live-events';
import type { Paged } from '../../platform/entity/list-definition';

// Campaigns' and segments' own calls; the records themselves go through the engine.
export const CAMPAIGN_PATHS = {
  segmentCount: `${segmentEntity.basePath}/count`,
  countOf: (id: string) => `${segmentEntity.basePath}/${id}/count`,
  segmentRecipients: (id: string) => `${segmentEntity.basePath}/${id}/recipients`,
  rebuild: `${segmentEntity.basePath}/rebuild`,
  segmentSearch: (term: string) => `${segmentEntity.basePath}/search?searchTerm=${encodeURIComponent(term)}`,
  contactFields: `${customQueryEntity.basePath}/fields`,
  action: (id: string, action: CampaignAction) => `${campaignEntity.basePath}/${id}/${action}`,
  recipients: (id: string) => `${campaignEntity.basePath}/${id}/recipients`,
} as const;

export type CampaignAction = 'send' | 'schedule' | 'suspend' | 'resume';

const campaigns = entityApi(campaignEntity);

export const campaignKeys = {
  count: (query: unknown) => workspaceKey('segment-count', query),
  countOf: (id: string, version?: number) => workspaceKey('segment', id, 'count', version ?? null),
  segmentRecipients: (id: string, page: number, version?: number) => workspaceKey('segment', id, 'recipients', page, version ?? null),
  segmentOptions: (term: string) => workspaceKey('segment-options', term),
  contactFields: () => workspaceKey('segment-contact-fields'),
  recipients: (id: string, page: number, state?: RecipientState) => workspaceKey('campaign', id, 'recipients', page, state ?? null),
};

// the count of a query being edited, as the user builds it
export const useQueryCount = (query: CustomQueryFilter | null) =>
  useQuery({
    queryKey: campaignKeys.count(query),
    queryFn: () => apiRequest<SegmentCount>(CAMPAIGN_PATHS.segmentCount, { method: 'POST', body: { query } }),
    placeholderData: keepPreviousData,
  });

// a saved segment's count; its version in the key counts again after each save. Live: any
// contact written (a member who joins or leaves) counts again, and while the live connection
// is down a poll every 10 s stands in.
export function useSegmentCount(id: string | undefined, version?: number) {
  const live = useLiveStatus();
  const query = useQuery({
    queryKey: campaignKeys.countOf(id ?? '', version),
    enabled: Boolean(id),
    queryFn: () => apiRequest<SegmentCount>(CAMPAIGN_PATHS.countOf(id ?? '')),
    placeholderData: keepPreviousData,
    refetchInterval: live === 'open' ? false : 10_000,
  });
  useRecordEvents('Contact', undefined, () => {
    if (id) void query.refetch();
  });
  return query;
}

// the repair job for one segment: its members rebuilt from its filter and picks
export function useRebuildSegment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (segmentId: string) => apiRequest<Job>(CAMPAIGN_PATHS.rebuild, { method: 'POST', body: { segmentId } }),
    onSuccess: (job) => rememberJob(qc, job),
  });
}

export const useSegmentRecipients = (id: string, page: number, version?: number) =>
  useQuery({
    queryKey: campaignKeys.segmentRecipients(id, page, version),
    queryFn: () => apiRequest<Paged<EntityRecord>>(CAMPAIGN_PATHS.segmentRecipients(id), { method: 'POST', body: { page, pageSize: 25 } }),
    placeholderData: keepPreviousData,
  });

export const useSegmentOptions = (term: string) =>
  useQuery({
    queryKey: campaignKeys.segmentOptions(term),
    queryFn: () => apiRequest<{ value: string; label: string }[]>(CAMPAIGN_PATHS.segmentSearch(term)),
    placeholderData: keepPreviousData,
  });

export const useContactFields = () =>
  useQuery({ queryKey: campaignKeys.contactFields(), queryFn: () => apiRequest<EntityColumn[]>(CAMPAIGN_PATHS.contactFields) });

export const useCampaignRecipients = (id: string, page: number, state?: RecipientState) =>
  useQuery({
    queryKey: campaignKeys.recipients(id, page, state),
    queryFn: () =>
      apiRequest<Paged<CampaignRecipient>>(CAMPAIGN_PATHS.recipients(id), {
        method: 'POST',
        body: { page, pageSize: 25, ...(state ? { state } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

// send now, schedule, suspend or resume: the record, the lists and the recipients follow
export function useCampaignAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) => apiRequest<EntityRecord>(CAMPAIGN_PATHS.action(id, action), { method: 'PUT' }),
    onSuccess: (saved) => {
      qc.setQueryData(campaigns.keys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: campaigns.keys.all() });
      void qc.invalidateQueries({ queryKey: workspaceKey('campaign', id) });
    },
  });
}
