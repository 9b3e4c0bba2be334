import { MERGE_FIELD_PATTERN, type EntityDefinition, type EntityField, type MergeField } from '@atrium/domain';
import { escapeHtml } from '../../platform/html.util';

// Merge fields and the renderer of e-mail templates (decision 075): a small merge of
// {{key}} with values from a record, written here rather than taken from a template library
// because templates need no logic, and the whole rendered text is escaped for HTML — a value
// can never become markup, whatever it holds.

const SENDER_AND_WORKSPACE: MergeField[] = [
  { key: 'title', label: 'email.merge.title', caption: true, group: 'record' },
  { key: 'sender.name', label: 'email.merge.senderName', caption: true, group: 'sender' },
  { key: 'sender.email', label: 'email.merge.senderEmail', caption: true, group: 'sender' },
  { key: 'workspace.name', label: 'email.merge.workspaceName', caption: true, group: 'workspace' },
];

// Built-in fields that hold a value worth writing into a mail: what people enter on the form
// and the record's number — not ids, versions, JSON, board positions or the states the server
// keeps (blocked, converted to …).
function builtinKeys(definition: EntityDefinition): string[] {
  return Object.entries(definition.fields)
    .filter(([, f]) => f.kind !== 'system' && f.kind !== 'json' && (f.form || f.kind === 'numbering'))
    .map(([key]) => key);
}

// Every merge field of a kind: its built-in fields, the custom fields the caller may read, the
// sender and the workspace.
export function mergeFieldsOf(definition: EntityDefinition, customFields: readonly EntityField[]): MergeField[] {
  const [title, ...others] = SENDER_AND_WORKSPACE;
  return [
    ...(title ? [title] : []),
    ...builtinKeys(definition).map((key) => ({
      key,
      label: definition.fields[key]?.label ?? key,
      caption: true,
      group: 'record' as const,
    })),
    // a field hidden from the form is hidden here too
    ...customFields
      .filter((f) => !f.hidden)
      .map((f) => ({ key: `customFields.${f.key}`, label: f.label, caption: false, group: 'custom' as const })),
    ...others,
  ];
}

const show = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(show).filter(Boolean).join(', ');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    // an expanded reference ({ id, title }) or a money value ({ amount, currency })
    if (typeof o.title === 'string') return o.title;
    if (o.amount !== undefined) return `${show(o.amount)} ${show(o.currency)}`.trim();
    return '';
  }
  return String(v);
};

// The value of every merge field for one record, as text.
export function mergeValues(
  definition: EntityDefinition,
  record: Record<string, unknown>,
  extra: { senderName: string; senderEmail: string; workspaceName: string },
): Map<string, string> {
  const values = new Map<string, string>();
  values.set('title', show(record.title));
  for (const key of builtinKeys(definition)) {
    const f = definition.fields[key];
    // a reference shows the linked record's title, not its id
    const v = f?.expand ? record[f.expand] : record[key];
    values.set(key, show(v));
  }
  const custom = (record.customFields ?? {}) as Record<string, unknown>;
  for (const [key, v] of Object.entries(custom)) values.set(`customFields.${key}`, show(v));
  values.set('sender.name', extra.senderName);
  values.set('sender.email', extra.senderEmail);
  values.set('workspace.name', extra.workspaceName);
  return values;
}

// The keys a text uses that are not merge fields of the kind.
export function unknownMergeKeys(text: string, known: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(MERGE_FIELD_PATTERN)) if (m[1] && !known.has(m[1])) out.add(m[1]);
  return [...out];
}

// Plain text with every {{key}} replaced; a field without a value becomes empty.
export const renderText = (text: string, values: ReadonlyMap<string, string>): string =>
  text.replace(MERGE_FIELD_PATTERN, (_all, key: string) => values.get(key) ?? '');

// The product's one mail layout: the rendered text, escaped, in paragraphs, under the
// workspace's name, in the product's colours (primary #021F65, Inter with system fallbacks).
export function mailLayout(renderedText: string, workspace: string): string {
  const paragraphs = renderedText
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:0;background:#f5f6fa">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Inter,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#1f1f1f">',
    `<div style="border-top:4px solid #021F65;background:#ffffff;border-radius:8px;padding:24px">${paragraphs}</div>`,
    workspace ? `<p style="margin:12px 0 0;color:#8c8c8c;font-size:12px">${escapeHtml(workspace)}</p>` : '',
    '</div></body></html>',
  ].join('');
}
