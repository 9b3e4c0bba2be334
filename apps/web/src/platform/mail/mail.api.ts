import type {
  AiPrompt,
  AiStatus,
  AiStreamEvent,
  DocumentItem,
  EmailPreview,
  EmailTemplate,
  EmailTemplateWrite,
  EntityKind,
  MergeField,
  NotificationRule,
  NotificationRuleWrite,
  SendEmail,
  SentEmail,
} from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import { activityKeys } from '../entity/activity.api';
import type { RecordRef } from '../notes/notes.api';

export const MAIL_PATHS = {
  templates: '/api/v1/core/email-templates',
  templateList: '/api/v1/core/email-templates/list',
  template: (id: string) => `/api/v1/core/email-templates/${id}`,
  mergeFields: (kind: EntityKind) => `/api/v1/core/email-templates/merge-fields?entityKind=${kind}`,
  preview: '/api/v1/core/email-templates/preview',
  send: '/api/v1/core/emails',
  documents: '/api/v1/core/documents/list',
  rules: '/api/v1/core/notification-rules',
  ruleList: '/api/v1/core/notification-rules/list',
  rule: (id: string) => `/api/v1/core/notification-rules/${id}`,
  preferences: '/api/v1/core/profile/notification-preferences',
  ai: '/api/v1/core/ai',
  aiPrompt: '/api/v1/core/ai/prompt',
} as const;

export const mailKeys = {
  templates: (kind?: EntityKind) => workspaceKey('email-templates', kind ?? 'all'),
  mergeFields: (kind: EntityKind) => workspaceKey('merge-fields', kind),
  rules: () => workspaceKey('notification-rules'),
  preferences: () => workspaceKey('notification-preferences'),
  ai: () => workspaceKey('ai'),
  files: (ref: RecordRef) => workspaceKey('mail-files', ref.entityKind, ref.entityId),
};

type Paged<T> = { data: T[]; total: number };

export const useEmailTemplates = (kind?: EntityKind) =>
  useQuery({
    queryKey: mailKeys.templates(kind),
    queryFn: () =>
      apiRequest<Paged<EmailTemplate>>(MAIL_PATHS.templateList, { body: { pageSize: 100, ...(kind ? { entityKind: kind } : {}) } }),
  });

export const useMergeFields = (kind: EntityKind) =>
  useQuery({ queryKey: mailKeys.mergeFields(kind), queryFn: () => apiRequest<MergeField[]>(MAIL_PATHS.mergeFields(kind)) });

export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: EmailTemplateWrite }) =>
      apiRequest<EmailTemplate>(id ? MAIL_PATHS.template(id) : MAIL_PATHS.templates, { method: id ? 'PUT' : 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: workspaceKey('email-templates') }),
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(MAIL_PATHS.template(id), { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: workspaceKey('email-templates') }),
  });
}

export const previewEmail = (body: RecordRef & { templateId?: string; subject?: string; body?: string }) =>
  apiRequest<EmailPreview>(MAIL_PATHS.preview, { body });

// The files of a record (top folder), to attach.
export const useRecordFiles = (ref: RecordRef, enabled: boolean) =>
  useQuery({
    queryKey: mailKeys.files(ref),
    enabled,
    queryFn: async () =>
      (
        await apiRequest<Paged<DocumentItem>>(MAIL_PATHS.documents, { body: { ...ref, parentId: null, page: 1, pageSize: 100 } })
      ).data.filter((d) => d.type !== 'Folder' && d.type !== 'Link'),
  });

export function useSendEmail(ref: RecordRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEmail) => apiRequest<SentEmail>(MAIL_PATHS.send, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: activityKeys.record(ref.entityKind, ref.entityId) }),
  });
}

export const useNotificationRules = () =>
  useQuery({
    queryKey: mailKeys.rules(),
    queryFn: () => apiRequest<Paged<NotificationRule>>(MAIL_PATHS.ruleList, { body: { pageSize: 100 } }),
  });

export function useSaveRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: NotificationRuleWrite }) =>
      apiRequest<NotificationRule>(id ? MAIL_PATHS.rule(id) : MAIL_PATHS.rules, { method: id ? 'PUT' : 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: mailKeys.rules() }),
  });
}

export function useDeleteRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(MAIL_PATHS.rule(id), { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: mailKeys.rules() }),
  });
}

export const useNotificationPreferences = () =>
  useQuery({ queryKey: mailKeys.preferences(), queryFn: () => apiRequest<{ event: string; email: boolean }[]>(MAIL_PATHS.preferences) });

export function useSavePreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { event: string; email: boolean }) =>
      apiRequest<{ event: string; email: boolean }[]>(MAIL_PATHS.preferences, { method: 'PUT', body: { preferences: [p] } }),
    onSuccess: (data) => qc.setQueryData(mailKeys.preferences(), data),
  });
}

export const useAiStatus = (enabled = true) =>
  useQuery({ queryKey: mailKeys.ai(), queryFn: () => apiRequest<AiStatus>(MAIL_PATHS.ai), staleTime: 60_000, enabled });

// Streams the answer: calls `onEvent` for every event until the stream ends or `signal` aborts
// (which also stops the model upstream). A refusal before the stream starts throws an ApiError.
export async function streamAiPrompt(body: AiPrompt, signal: AbortSignal, onEvent: (e: AiStreamEvent) => void): Promise<void> {
  const res = await apiFetch(MAIL_PATHS.aiPrompt, { body, signal, headers: { accept: 'text/event-stream' } });
  const reader = res.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const parsed = JSON.parse(data) as Record<string, unknown>;
      if (event === 'delta') onEvent({ type: 'delta', text: String(parsed.text ?? '') });
      else if (event === 'done') onEvent({ type: 'done' });
      else if (event === 'error')
        onEvent({ type: 'error', code: String(parsed.code ?? 'aiResponseFailed'), message: String(parsed.message ?? '') });
    }
  }
}
