import { isContentBlock, type AiPrompt, type AiStatus, type EntityKind } from '@atrium/domain';
import { openCompletion, type ChatMessage } from '../../platform/ai/chat-completions';
import { englishCaption } from '../../platform/captions';
import type { Config } from '../../platform/config';
import type { TenantContext } from '../../platform/context';
import { activityFeed, getEntity, getFields, mayUse, type RegisteredEntity } from '../../platform/entity';
import { AppError } from '../../platform/errors';
import * as notesRepository from './notes.repository';
import type { SharedRecordDeps } from './shared-records.access';

const NOTES_IN_CONTEXT = 20;
const ACTIVITY_IN_CONTEXT = 25;
const VALUE_MAX = 2000;

const plain = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.title === 'string') return o.title;
    return JSON.stringify(v).slice(0, VALUE_MAX);
  }
  return String(v).slice(0, VALUE_MAX);
};

// What the model is told about the record: only what the caller may read — the record as the
// API serves it to them (restricted fields left out without ViewRestrictedFields), its notes,
// and its activity when they may see the timeline.
async function recordContext(ctx: TenantContext, deps: SharedRecordDeps, ent: RegisteredEntity, id: string): Promise<string> {
  const d = ent.definition;
  const record = await getEntity(ctx, ent, id);
  const lines: string[] = [`${englishCaption(`${d.captionKey}.singular`)}: ${show(record.title)}`];
  for (const [key, f] of Object.entries(d.fields)) {
    if (f.kind === 'system') continue;
    const value = show(f.expand ? record[f.expand] : record[key]);
    if (value) lines.push(`${englishCaption(f.label)}: ${value}`);
  }
  if (d.capabilities.customFields) {
    const custom = (record.customFields ?? {}) as Record<string, unknown>;
    for (const f of (await getFields(ctx, ent)).filter((x) => !isContentBlock(x.kind))) {
      const value = show(custom[f.key]);
      if (value) lines.push(`${f.label}: ${value}`);
    }
  }
  if (d.capabilities.notes) {
    const { rows } = await notesRepository.list(ctx, d.kind, id, NOTES_IN_CONTEXT, 0);
    if (rows.length > 0) {
      lines.push('', 'Notes (newest first):');
      for (const n of rows)
        lines.push(`- ${n.createdAt.toISOString().slice(0, 10)} ${n.createdByName}: ${plain(n.body).slice(0, VALUE_MAX)}`);
    }
  }
  if (mayUse(ctx, ent, 'timeline')) {
    const feed = await activityFeed(ctx, deps.entities, {
      target: d.kind,
      targetId: id,
      page: 1,
      pageSize: ACTIVITY_IN_CONTEXT,
      type: 'All Activity',
      sortField: 'createdAt',
      sortOrder: 'desc',
      isPortal: false,
    });
    if (feed.data.length > 0) {
      lines.push('', 'Activity (newest first):');
      for (const a of feed.data) {
        const after = a.after as Record<string, unknown> | null;
        const what =
          a.type === 'Email' && after
            ? `e-mail to ${show(after.to)}: ${show(after.subject)} — ${show(after.text).slice(0, 500)}`
            : `${a.action}${a.field ? ` ${a.field}` : ''}${a.before !== null && a.before !== undefined ? ` from ${show(a.before)}` : ''}${
                a.after !== null && a.after !== undefined ? ` to ${show(a.after)}` : ''
              }`;
        lines.push(`- ${a.createdAt.slice(0, 10)} ${a.actor.name ?? ''}: ${a.type} ${what}`);
      }
    }
  }
  return lines.join('\n');
}

const INSTRUCTIONS: Record<AiPrompt['task'], string> = {
  draftEmail:
    'Draft an e-mail to the person or organisation of this record, on behalf of the user. First line: "Subject: " and the subject; then an empty line and the body as plain text. No placeholders in brackets.',
  draftNote: 'Draft a short internal note about this record for the team, as plain text.',
  summarise: "Summarise this record and its activity in a few short bullet points: where things stand and what's next.",
  ask: "Answer the user's question about this record.",
};

export function aiStatus(config: Config): AiStatus {
  return { configured: config.ai !== undefined, model: config.ai?.model ?? null };
}

// The messages for the model, built in the request's transaction.
export async function messages(ctx: TenantContext, deps: SharedRecordDeps, body: AiPrompt): Promise<ChatMessage[]> {
  if (!deps.config.ai) throw new AppError(503, 'aiNotConfigured', 'AI is not configured: set AI_BASE_URL and AI_MODEL');
  const ent = deps.entities.get(body.entityKind as EntityKind);
  if (!ent) throw new AppError(400, 'unknownKind', `${body.entityKind} is not an entity kind`);
  const context = await recordContext(ctx, deps, ent, body.entityId);
  return [
    {
      role: 'system',
      content: `You help ${ctx.user.name} <${ctx.user.email}> in Atrium, a business workspace. Be concise and factual; use only the record below and say when something is not known. Answer in the language of the user's request, or English.`,
    },
    {
      role: 'user',
      content: `${INSTRUCTIONS[body.task]}${body.prompt.trim() ? `\n\nThe user adds: ${body.prompt.trim()}` : ''}\n\nRecord:\n${context}`,
    },
  ];
}

export function open(config: Config, messages: readonly ChatMessage[], signal: AbortSignal) {
  if (!config.ai) throw new AppError(503, 'aiNotConfigured', 'AI is not configured: set AI_BASE_URL and AI_MODEL');
  return openCompletion(config.ai, messages, signal);
}
