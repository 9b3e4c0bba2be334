import {
  articleEntity,
  helpdeskEntity,
  requestEntity,
  type ArticleSearchResult,
  type EntityRecord,
  type HelpdeskEmailPreview,
  type HelpdeskEmailPreviewRequest,
  type HelpdeskThreading,
  type RequestMessage,
  type RequestMessages,
  type RequestMessageWrite,
  type RequestTask,
  type RequestTaskResult,
  type RequestTime,
} from '@atrium/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { entityApi } from '../../platform/entity/entity-api';

const articles = entityApi(articleEntity);
const requests = entityApi(requestEntity);
const messagesKey = (requestId: string) => workspaceKey('request-messages', requestId);

// Publish or unpublish an article; the record, the lists and the activity follow.
export function usePublishArticle(
  articleId: string,
  callbacks: { onSuccess?: (published: boolean) => void; onError?: (e: unknown) => void },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (publish: boolean) =>
      apiRequest<EntityRecord>(`${articleEntity.basePath}/${articleId}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST', body: {} }),
    onSuccess: (saved, publish) => {
      qc.setQueryData(articles.keys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: articles.keys.all() });
      void qc.invalidateQueries({ queryKey: workspaceKey('activity') });
      callbacks.onSuccess?.(publish);
    },
    onError: (e) => callbacks.onError?.(e),
  });
}

// The knowledge base's full-text search, as the user types (nothing for an empty query).
export function useArticleSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: workspaceKey('article-search', query),
    queryFn: () => apiRequest<ArticleSearchResult>(`${articleEntity.basePath}/search`, { method: 'POST', body: { q: query } }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useRequestMessages(requestId: string) {
  return useQuery({
    queryKey: messagesKey(requestId),
    queryFn: () => apiRequest<RequestMessages>(`${requestEntity.basePath}/${requestId}/messages`),
  });
}

// A reply (mailed) or an internal note; the conversation and the activity follow.
export function useWriteMessage(requestId: string, callbacks: { onSuccess?: (m: RequestMessage) => void; onError?: (e: unknown) => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestMessageWrite) =>
      apiRequest<RequestMessage>(`${requestEntity.basePath}/${requestId}/messages`, { method: 'POST', body }),
    onSuccess: (m) => {
      void qc.invalidateQueries({ queryKey: messagesKey(requestId) });
      void qc.invalidateQueries({ queryKey: workspaceKey('activity') });
      callbacks.onSuccess?.(m);
    },
    onError: (e) => callbacks.onError?.(e),
  });
}

// Make a task of a request in a project (or link one); the request shows its task.
export function useRequestTask(
  requestId: string,
  callbacks: { onSuccess?: (r: RequestTaskResult) => void; onError?: (e: unknown) => void },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestTask) =>
      apiRequest<RequestTaskResult>(`${requestEntity.basePath}/${requestId}/task`, { method: 'POST', body }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: requests.keys.all() });
      void qc.invalidateQueries({ queryKey: workspaceKey('activity') });
      callbacks.onSuccess?.(r);
    },
    onError: (e) => callbacks.onError?.(e),
  });
}

// The time logged on the request's task (decision 094, round three).
export function useRequestTime(requestId: string, taskId: string | null) {
  return useQuery({
    queryKey: workspaceKey('request-time', requestId, taskId ?? ''),
    queryFn: () => apiRequest<RequestTime>(`${requestEntity.basePath}/${requestId}/time`),
    enabled: taskId !== null,
  });
}

// A helpdesk's e-mail template: the preview of a template (or the saved one) around a sample reply.
export const previewHelpdeskEmail = (helpdeskId: string, body: HelpdeskEmailPreviewRequest) =>
  apiRequest<HelpdeskEmailPreview>(`${helpdeskEntity.basePath}/${helpdeskId}/email-preview`, { method: 'POST', body });

// The share of a helpdesk's inbound replies that threaded into an existing request.
export const useHelpdeskThreading = (helpdeskId: string) =>
  useQuery({
    queryKey: workspaceKey('helpdesk-threading', helpdeskId),
    queryFn: () => apiRequest<HelpdeskThreading>(`${helpdeskEntity.basePath}/${helpdeskId}/threading`),
  });
