import { HELPDESK_MERGE_FIELDS, MERGE_FIELD_PATTERN } from '@atrium/domain';
import { escapeHtml } from '../../platform/html.util';

// A helpdesk's e-mail template (Plan.CustomEmails): a subject prefix and an HTML wrapper with
// merge fields around agent replies and the acknowledgement of a mailed request. The values are
// text, escaped for HTML where they land — a requester's subject can never become markup.

export type HelpdeskTemplate = { subjectPrefix: string | null; template: string | null };
export type HelpdeskMailValues = { number: string; subject: string; helpdeskName: string; reply: string; portalUrl: string };

// The product's own layout (core's mail layout: primary #021F65, Inter), used without the plan
// feature or without a template of the helpdesk's own.
export const DEFAULT_HELPDESK_TEMPLATE = [
  '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
  '<body style="margin:0;padding:0;background:#f5f6fa">',
  '<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Inter,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#1f1f1f">',
  '<div style="border-top:4px solid #021F65;background:#ffffff;border-radius:8px;padding:24px">{{reply}}</div>',
  '<p style="margin:12px 0 0;color:#595959;font-size:12px">{{helpdesk.name}} · {{request.number}}</p>',
  '</div></body></html>',
].join('');

const KNOWN = new Set<string>(HELPDESK_MERGE_FIELDS);

// The keys a template uses that are no merge fields of a helpdesk mail.
export function unknownHelpdeskMergeKeys(template: string): string[] {
  const out = new Set<string>();
  for (const m of template.matchAll(MERGE_FIELD_PATTERN)) if (m[1] && !KNOWN.has(m[1])) out.add(m[1]);
  return [...out];
}

// The reply's text as HTML paragraphs (blank lines part them, single newlines break).
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

// The subject (prefix, then the number that threads a reply by subject, then the request's
// subject) and the HTML of one mail. Without `custom` (no plan feature) the helpdesk's own
// prefix and template are not used.
export function renderHelpdeskMail(tpl: HelpdeskTemplate, v: HelpdeskMailValues, custom: boolean): { subject: string; html: string } {
  const prefix = custom ? (tpl.subjectPrefix ?? '').trim() : '';
  const template = custom && tpl.template?.trim() ? tpl.template : DEFAULT_HELPDESK_TEMPLATE;
  const values: Record<string, string> = {
    'request.number': escapeHtml(v.number),
    'request.subject': escapeHtml(v.subject),
    'helpdesk.name': escapeHtml(v.helpdeskName),
    portalUrl: escapeHtml(v.portalUrl),
    reply: paragraphs(v.reply),
  };
  const html = template.replace(MERGE_FIELD_PATTERN, (_all, key: string) => values[key] ?? '');
  const subject = `${prefix ? `${prefix} ` : ''}[${v.number}] ${v.subject}`.slice(0, 400);
  return { subject, html };
}
