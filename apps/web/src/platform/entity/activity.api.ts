import type { ActivityFeed, ActivityFeedType, EntityKind } from '@atrium/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';

export type ActivityRequest = { target: EntityKind; targetId: string; type: ActivityFeedType; page: number };

export const activityKeys = {
  record: (target: EntityKind, targetId: string) => workspaceKey('activity', target, targetId),
  feed: (r: ActivityRequest) => workspaceKey('activity', r.target, r.targetId, r.type, r.page),
};

const path = (r: ActivityRequest) =>
  `/api/v1/core/activity?${new URLSearchParams({ target: r.target, targetId: r.targetId, type: r.type, page: String(r.page), pageSize: '25', sortField: 'createdAt', sortOrder: 'desc' }).toString()}`;

export const activityQuery = (r: ActivityRequest) =>
  queryOptions({ queryKey: activityKeys.feed(r), queryFn: () => apiRequest<ActivityFeed>(path(r)), placeholderData: keepPreviousData });
export const useActivity = (r: ActivityRequest) => useQuery(activityQuery(r));
